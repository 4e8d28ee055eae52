import { describe, expect, it } from 'vitest';
import { FrameScript } from '../../lib/view/frames.fixture';
import { SequenceModel } from '../../lib/view/sequence-model';
import { windowSession } from '../../lib/view/window-sequence';
import { rowAccessibleName } from './SequenceRow';

describe('rowAccessibleName', () => {
  // A window that starts at an answer and ends before the next answer: both ends are lone.
  const s = new FrameScript();
  s.request('c2s', 1, 'tools/call', { name: 'echo' });
  s.result('s2c', 1);
  s.request('c2s', 2, 'tools/call', { name: 'echo' });
  s.result('s2c', 2);
  const model = new SequenceModel(windowSession(s.frames.slice(1, 3)));
  model.sync();
  const [answer, request] = model.rows;

  it("says a lone end's partner is not among the rows held, on a window", () => {
    expect(rowAccessibleName(answer, undefined, true)).toBe('#2, server → client, response, response result, its request is not among the rows held');
    expect(rowAccessibleName(request, undefined, true)).toBe('#3, client → server, request, tools/call #2, no response among the rows held');
  });

  it('says a request is awaiting its response in a whole session', () => {
    expect(rowAccessibleName(request)).toBe('#3, client → server, request, tools/call #2, awaiting response');
    expect(rowAccessibleName(answer)).toBe('#2, server → client, response, response result');
  });
});
