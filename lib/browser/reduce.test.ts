import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import type { ProxyMessage } from '../wire/protocol';

type WireFrame = Extract<ProxyMessage, { type: 'frames/append' }>['frames'][number];
import { initialData, reduceMessages } from './reduce';
import { filterSeqs } from './filter';
import { SNAPSHOT_REDRAW_MS } from './trace';

const f = (seq: number, lane: Frame['lane'] = 'message', raw = `{"jsonrpc":"2.0","method":"m${seq}"}`): WireFrame => ({
  seq,
  ts: seq,
  dir: 's2c',
  lane,
  raw,
  size: raw.length,
});

describe('reduceMessages', () => {
  it('keeps one copy per seq through snapshot, appends and a re-attach snapshot', () => {
    const msgs: ProxyMessage[] = [
      { type: 'frames/append', sessionId: 'a', frames: [f(3)] },
      { type: 'frames/snapshot', sessionId: 'a', frames: [f(1), f(2)], endSeq: 2 },
      { type: 'frames/append', sessionId: 'a', frames: [f(4)] },
      { type: 'frames/snapshot', sessionId: 'a', frames: [f(1), f(2), f(3), f(4)], endSeq: 4 },
    ];
    const d = reduceMessages(initialData, msgs);
    expect(d.traces.a.frames.map((x) => x.seq)).toEqual([1, 2, 3, 4]);
    expect(d.traces.a.source).toEqual({ kind: 'live', sessionId: 'a' });
  });

  it('takes a chunked snapshot in as it comes, redrawing with its first chunk, a few times a second and with its last', () => {
    const chunk = (from: number, to: number, more: boolean): ProxyMessage => ({
      type: 'frames/snapshot',
      sessionId: 'a',
      frames: Array.from({ length: to - from + 1 }, (_, i) => f(from + i)),
      endSeq: 9,
      ...(more && { more }),
    });
    let d = reduceMessages(initialData, [chunk(1, 3, true)]);
    const first = d.traces.a;
    expect(first.frames.map((x) => x.seq)).toEqual([1, 2, 3]);
    expect(first.snapshotEnd).toBe(9);
    // A middle chunk goes into the model at once, but the state is the same object: no view redraws.
    const before = d;
    d = reduceMessages(d, [chunk(4, 6, true)]);
    expect(d).toBe(before);
    expect(d.traces.a.frames.map((x) => x.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    // A quarter of a second on, the views are shown how far it got.
    d = reduceMessages(d, [chunk(7, 7, true)], SNAPSHOT_REDRAW_MS);
    expect(d).not.toBe(before);
    expect(d.traces.a.frames).toHaveLength(7);
    // The last chunk, then a live frame recorded meanwhile: every frame once, in order, told.
    d = reduceMessages(d, [chunk(8, 9, false), { type: 'frames/append', sessionId: 'a', frames: [f(10)] }], SNAPSHOT_REDRAW_MS + 1);
    expect(d.traces.a).not.toBe(first);
    expect(d.traces.a.version).toBeGreaterThan(first.version);
    expect(d.traces.a.frames.map((x) => x.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('takes the connection list, the sessions and the defaults from hello', () => {
    const d = reduceMessages(initialData, [
      {
        type: 'hello',
        version: '0.1.0',
        loupeCommand: ['node', '/opt/loupe/bin/loupe.mjs'],
        defaults: { protocolVersion: '2025-11-25', clientCapabilities: {} },
        connections: [{ id: 'everything', name: 'everything', transport: 'stdio', command: 'node', args: [], env: {}, builtin: true }],
        sessions: [],
      },
    ]);
    expect(d.link.status).toBe('open');
    expect(d.connections[0].id).toBe('everything');
    expect(d.defaults?.protocolVersion).toBe('2025-11-25');
    expect(d.loupeCommand).toEqual(['node', '/opt/loupe/bin/loupe.mjs']);
  });

  it("builds a live session's model with the session's request timeout", () => {
    const summary = (id: string, requestTimeoutMs?: number) => ({
      id,
      connectionId: 'c',
      name: id,
      transport: 'stdio' as const,
      status: 'ready' as const,
      startedAt: 0,
      lastSeq: 0,
      attached: 1,
      ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
    });
    const d = reduceMessages(initialData, [
      { type: 'sessions/update', sessions: [summary('a', 5_000), summary('b')] },
      { type: 'frames/append', sessionId: 'a', frames: [f(1)] },
      { type: 'frames/append', sessionId: 'b', frames: [f(1)] },
    ]);
    expect(d.traces.a.model.timeoutMs).toBe(5_000);
    // A summary without one (an older proxy) gets the default, the client's 60 s.
    expect(d.traces.b.model.timeoutMs).toBe(60_000);
    // Frames that came before their summary: the model is built again once the summary is known.
    const late = reduceMessages(initialData, [
      { type: 'frames/append', sessionId: 'c', frames: [f(1), f(2)] },
      { type: 'sessions/update', sessions: [summary('c', 5_000)] },
    ]);
    expect(late.traces.c.model.timeoutMs).toBe(5_000);
    expect(late.traces.c.frames.map((x) => x.seq)).toEqual([1, 2]);
  });

  it('turns a proxy error without rid into a notice', () => {
    const d = reduceMessages(initialData, [{ type: 'error', message: 'bad message' }]);
    expect(d.notices.map((n) => n.text)).toEqual(['bad message']);
  });
});

describe('filterSeqs', () => {
  it('filters by lane and method, and only scans new frames on append', () => {
    let d = reduceMessages(initialData, [{ type: 'frames/append', sessionId: 'a', frames: [f(1), f(2, 'stderr', 'log line'), f(3)] }]);
    const first = filterSeqs(d.traces.a, { lane: 'messages', text: 'm3' });
    expect(first.seqs).toEqual([3]);
    d = reduceMessages(d, [{ type: 'frames/append', sessionId: 'a', frames: [f(4, 'stderr', 'm3 in a log'), f(5)] }]);
    expect(filterSeqs(d.traces.a, { lane: 'messages', text: 'm3' }, first)).toMatchObject({ scanned: 5, seqs: [3] });
    expect(filterSeqs(d.traces.a, { lane: 'stderr', text: '' }).seqs).toEqual([2, 4]);
    expect(filterSeqs(d.traces.a, { lane: 'all', text: '' }).seqs).toEqual([1, 2, 3, 4, 5]);
  });
});
