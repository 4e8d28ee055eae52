import { describe, expect, it } from 'vitest';
import { analyze } from './index';
import { req, res } from './cases/types';
import { script } from './testing';

const noResponse = (frames: ReturnType<typeof script>['frames']) =>
  analyze(frames, { timeoutMs: 1000 })
    .annotations.filter((a) => a.rule === 'timing.no-response')
    .map((a) => a.frames[0]);

/** The answer to a request, its text dropped by the session's memory budget (only its metadata kept). */
const dropped = (id: number) => JSON.stringify(res(id, { tools: [] }));

describe('past the memory budget the analyser judges nothing it could not see', () => {
  it('a request whose answer lost its text is not called unanswered, during the session or at its end', () => {
    const s = script()
      .handshake({ server: { tools: {} } })
      .c(req(1, 'tools/list'))
      .frame('s2c', 'message', '', { textDropped: true, size: dropped(1).length })
      .frame('c2s', 'message', '', { textDropped: true, size: 40 }, { transport: 'stdio' });
    s.wait(5_000_000).frame('local', 'lifecycle', 'exit', {}, { transport: 'stdio', event: 'exit', code: 0 });
    expect(noResponse(s.frames)).toEqual([]);
  });

  it('nor one whose answer came past the frame limit, where frames are only counted', () => {
    const s = script()
      .handshake({ server: { tools: {} } })
      .c(req(1, 'tools/list'))
      .frame('local', 'lifecycle', 'frame limit reached', {}, { transport: 'stdio', event: 'frame-limit', limit: 5 });
    s.wait(5_000_000).frame('local', 'lifecycle', 'exit', {}, { transport: 'stdio', event: 'exit', code: 0 });
    expect(noResponse(s.frames)).toEqual([]);
  });

  it('still calls a request unanswered when its deadline passed before the budget dropped anything', () => {
    const s = script()
      .handshake({ server: { tools: {} } })
      .c(req(1, 'tools/list'))
      .wait(2_000_000)
      .frame('s2c', 'message', '', { textDropped: true, size: dropped(1).length });
    expect(noResponse(s.frames)).toEqual([4]);
  });

  it('and without a budget reached, an unanswered request is still found at the end', () => {
    const s = script()
      .handshake({ server: { tools: {} } })
      .c(req(1, 'tools/list'));
    s.wait(5_000_000).frame('local', 'lifecycle', 'exit', {}, { transport: 'stdio', event: 'exit', code: 0 });
    expect(noResponse(s.frames)).toEqual([4]);
  });
});
