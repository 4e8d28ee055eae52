import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { windowSession } from '../view/window-sequence';
import { windowFrameViews } from './windowViews';

const msg = (seq: number, dir: 'c2s' | 's2c', body: object): Frame => {
  const raw = JSON.stringify({ jsonrpc: '2.0', ...body });
  return { seq, ts: seq * 1000, dir, lane: 'message', raw, size: raw.length + 1, meta: { transport: 'stdio' } } as Frame;
};

/** The table's rows read from the window's one model, as the page builds them. */
const viewsOf = (frames: Frame[]) => windowFrameViews(windowSession(frames));

describe('windowFrameViews', () => {
  it('pairs a response with its request when both are among the rows', () => {
    const views = viewsOf([
      msg(1, 'c2s', { id: 7, method: 'tools/call', params: { name: 'echo' } }),
      msg(2, 's2c', { method: 'notifications/message', params: {} }),
      msg(3, 's2c', { id: 7, result: {} }),
    ]);
    expect(views.map((v) => v.kind)).toEqual(['request', 'notification', 'response']);
    expect(views[2]).toMatchObject({ method: 'tools/call', subject: 'echo', latencyUs: 2000, partnerSeq: 1 });
    expect(views[0]).toMatchObject({ partnerSeq: 3, latencyUs: 2000 });
  });

  it("reads its pairs from the window's one model, the one the sequence diagram draws", () => {
    const session = windowSession([msg(1, 'c2s', { id: 7, method: 'tools/call', params: { name: 'echo' } }), msg(2, 's2c', { id: 7, result: {} })]);
    const views = windowFrameViews(session);
    // The same call object, not an equal one paired a second time over the same rows.
    expect(views[0].call).toBe(session.callAt(1));
    expect(views[1].call).toBe(session.callAt(2));
  });

  it('leaves a response whose request is outside the rows without a method', () => {
    const [v] = viewsOf([msg(9, 's2c', { id: 1, result: {} })]);
    expect(v).toMatchObject({ kind: 'response', method: undefined, latencyUs: undefined });
  });

  it('reads other lanes by their lane', () => {
    const f = { seq: 1, ts: 0, dir: 's2c', lane: 'stderr', raw: 'boom', size: 5, meta: { transport: 'stdio' } } as Frame;
    expect(viewsOf([f])[0].kind).toBe('stderr');
  });
});
