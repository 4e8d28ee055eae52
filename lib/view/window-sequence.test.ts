import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { FrameScript } from './frames.fixture';
import { SequenceModel } from './sequence-model';
import { windowSession } from './window-sequence';

function rowsOf(frames: readonly Frame[]): SequenceModel {
  const m = new SequenceModel(windowSession(frames));
  m.sync();
  return m;
}
/** The frames from `seq` on: a window that starts mid-session. */
const from = (frames: readonly Frame[], seq: number) => frames.filter((f) => f.seq >= seq);

describe('windowSession', () => {
  it('pairs a request and its response when both are held, with the latency between them', () => {
    const s = new FrameScript();
    s.request('c2s', 1, 'tools/call', { name: 'echo' });
    s.wait(900).result('s2c', 1, { content: [] });
    const m = rowsOf(s.frames);
    expect(m.rows.map((r) => [r.seq, r.pairSeq, r.label])).toEqual([
      [1, 2, 'tools/call #1'],
      [2, 1, 'tools/call result'],
    ]);
    expect(m.rows[1].latencyUs).toBe(1000);
  });

  it('draws a response whose request lies before the rows alone, and pairs a later use of its id with its own answer', () => {
    const s = new FrameScript();
    s.request('c2s', 7, 'tools/call', { name: 'echo' });
    s.result('s2c', 7);
    s.request('c2s', 7, 'resources/read', { uri: 'file:///a' });
    s.result('s2c', 7);
    const m = rowsOf(from(s.frames, 2));
    const [lone, request, answer] = m.rows;
    expect([lone.seq, lone.pairSeq, lone.method, lone.label]).toEqual([2, undefined, undefined, 'response result']);
    expect([request.pairSeq, answer.pairSeq, answer.label]).toEqual([4, 3, 'resources/read result']);
  });

  it('leaves a request whose response lies after the rows unpaired, and open to the end of the rows', () => {
    const s = new FrameScript();
    s.request('c2s', 1, 'tools/call', { name: 'slow' });
    s.notify('s2c', 'notifications/message', { level: 'info', data: 'tick' });
    s.result('s2c', 1);
    const m = rowsOf(s.frames.slice(0, 2));
    expect(m.rows[0].pairSeq).toBeUndefined();
    expect(m.openAt(2)).toEqual([1]);
  });

  it('reads rows whose seqs skip (a filter held only the requests): none is paired', () => {
    const s = new FrameScript();
    for (let id = 1; id <= 3; id++) {
      s.request('c2s', id, 'tools/call', { name: 'echo' });
      s.result('s2c', id);
    }
    const m = rowsOf(s.frames.filter((f) => f.dir === 'c2s'));
    expect(m.rows.map((r) => [r.seq, r.pairSeq])).toEqual([
      [1, undefined],
      [3, undefined],
      [5, undefined],
    ]);
  });

  it("keeps an app's channel apart: its lane is listed, and its id 1 never answers the session's id 1", () => {
    const s = new FrameScript();
    s.request('c2s', 1, 'tools/call', { name: 'echo' });
    const app = s.request('c2s', 1, 'ui/initialize', {});
    s.result('s2c', 1);
    s.raw('s2c', 'server log line', 'stderr');
    const frames = s.frames.map((f) => (f === app ? { ...f, channel: 'app:1' } : f));
    const session = windowSession(frames);
    expect(session.appChannels).toEqual(['app:1']);
    const m = new SequenceModel(session);
    m.sync();
    expect(m.rows.map((r) => [r.seq, r.channel, r.kind, r.pairSeq])).toEqual([
      [1, undefined, 'request', 3],
      [2, 'app:1', 'request', undefined],
      [3, undefined, 'response', 1],
      [4, undefined, 'stderr', undefined],
    ]);
  });
});
