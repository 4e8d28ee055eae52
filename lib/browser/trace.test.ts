import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Frame } from '../mcp/frame';
import { toFrame } from '../mcp/frame-check';
import { emptyTrace, ingest } from './trace';
import { frameView, lifecycleText } from './frameView';
import { filterSeqs } from './filter';

function msg(seq: number, dir: Frame['dir'], body: unknown, ts = seq * 1000): Frame {
  const raw = JSON.stringify(body);
  return { seq, ts, dir, lane: 'message', raw, size: raw.length };
}

const frames: Frame[] = [
  { seq: 1, ts: 0, dir: 'local', lane: 'lifecycle', raw: 'spawn', size: 0, meta: { transport: 'stdio', event: 'spawn', pid: 7, command: 'node', args: [] } },
  msg(2, 'c2s', { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }, 1000),
  { seq: 3, ts: 1500, dir: 's2c', lane: 'stderr', raw: 'starting up', size: 11 },
  msg(4, 's2c', { jsonrpc: '2.0', id: 0, result: {} }, 4000),
  msg(5, 'c2s', { jsonrpc: '2.0', method: 'notifications/initialized' }, 4100),
  msg(6, 'c2s', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } }, 5000),
  msg(7, 's2c', { jsonrpc: '2.0', id: 1, result: { content: [] } }, 5250),
];

const live = () => emptyTrace({ kind: 'live', sessionId: 's1' });
const seqs = (t: ReturnType<typeof live>) => t.frames.map((f) => f.seq);

describe('ingest', () => {
  it('does not duplicate frames when a snapshot arrives after live appends', () => {
    let t = ingest(live(), frames.slice(0, 3));
    t = ingest(t, frames.slice(3, 5));
    t = ingest(t, frames.slice(0, 5), 5);
    expect(seqs(t)).toEqual([1, 2, 3, 4, 5]);
    expect(t.snapshotEnd).toBe(5);
  });

  it('holds appends that arrive before the snapshot and places them after it', () => {
    let t = ingest(live(), frames.slice(5));
    expect(t.frames).toHaveLength(0);
    t = ingest(t, frames.slice(0, 5), 5);
    expect(seqs(t)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(t.model.callAt(7)).toMatchObject({ seq: 6, responseTs: 5250 });
    expect(frameView(t, 7)).toMatchObject({ partnerSeq: 6, latencyUs: 250 });
  });

  it('returns the same object when nothing new arrived, so views do not re-render', () => {
    const t = ingest(live(), frames);
    expect(ingest(t, frames.slice(2, 4))).toBe(t);
  });

  it('ends with every seq once, in order, for any split and interleaving of snapshot and appends', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 12 }), fc.integer({ min: 0, max: 7 }), (cuts, snapAt) => {
        let t = live();
        for (const c of cuts) t = ingest(t, frames.slice(c, c + 2));
        t = ingest(t, frames.slice(0, snapAt), snapAt);
        t = ingest(t, frames.slice(snapAt));
        expect(seqs(t)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(t.model.calls.all.map((c) => [c.seq, c.responseSeq])).toEqual([
          [2, 4],
          [6, 7],
        ]);
      }),
    );
  });
});

describe('frameView', () => {
  const t = ingest(live(), frames);

  it('names a response by its request method and shows the latency on both ends', () => {
    expect(frameView(t, 7)).toMatchObject({ kind: 'response', method: 'tools/call', id: 1, latencyUs: 250, partnerSeq: 6 });
    expect(frameView(t, 6)).toMatchObject({ kind: 'request', method: 'tools/call', latencyUs: 250, partnerSeq: 7 });
  });

  it('sorts stderr, lifecycle and notifications into their own kinds', () => {
    expect(frameView(t, 1)?.kind).toBe('lifecycle');
    expect(frameView(t, 3)?.kind).toBe('stderr');
    expect(frameView(t, 5)).toMatchObject({ kind: 'notification', method: 'notifications/initialized', latencyUs: undefined });
  });

  it('marks a line that is not JSON as invalid and keeps it', () => {
    const bad = ingest(live(), [{ seq: 1, ts: 0, dir: 's2c', lane: 'message', raw: 'Server started!', size: 15 }]);
    expect(frameView(bad, 1)).toMatchObject({ kind: 'invalid', frame: { raw: 'Server started!' } });
    expect(frameView(bad, 1)?.problem).toMatch(/not JSON/);
  });

  it('leaves an unanswered request without latency', () => {
    const open = ingest(live(), frames.slice(0, 6));
    expect(frameView(open, 6)).toMatchObject({ kind: 'request', latencyUs: undefined, partnerSeq: undefined });
  });
});

describe('lifecycleText', () => {
  const life = (meta: Record<string, unknown>): Frame =>
    toFrame({ seq: 1, ts: 0, dir: 'local', lane: 'lifecycle', raw: '', size: 0, meta: { transport: 'stdio', ...meta } });
  it('says what happened to the process in a few words', () => {
    expect(lifecycleText(life({ event: 'spawn', pid: 42, command: 'node', args: [] }))).toBe('spawn pid 42');
    expect(lifecycleText(life({ event: 'signal', pid: 42, signal: 'SIGTERM' }))).toBe('sent SIGTERM to pid 42');
    expect(lifecycleText(life({ event: 'exit', pid: 42, code: null, signal: 'SIGTERM' }))).toBe('exit pid 42, by SIGTERM');
    expect(lifecycleText(life({ event: 'exit', pid: 42, code: 0, signal: null }))).toBe('exit pid 42, code 0');
  });
});

describe('a partial trace from a file (seqs with gaps)', () => {
  // A selection export keeps the seqs the frames had in the session: here 2, 4, 6, 7.
  const partial = [frames[1], frames[3], frames[5], frames[6]];
  const file = () => emptyTrace({ kind: 'file', name: 'part.loupe.ndjson' });

  it('holds every frame and finds each by its own seq', () => {
    const t = ingest(file(), partial);
    expect(seqs(t)).toEqual([2, 4, 6, 7]);
    expect(frameView(t, 6)).toMatchObject({ kind: 'request', method: 'tools/call', partnerSeq: 7, latencyUs: 250 });
    expect(frameView(t, 4)).toMatchObject({ kind: 'response', method: 'initialize', partnerSeq: 2 });
    expect(frameView(t, 3)).toBeUndefined();
    expect(frameView(t, 1)).toBeUndefined();
  });

  it('lists the seqs it holds in the traffic filter, whatever the filter', () => {
    const t = ingest(file(), partial);
    expect(filterSeqs(t, { lane: 'all', text: '' }).seqs).toEqual([2, 4, 6, 7]);
    expect(filterSeqs(t, { lane: 'messages', text: 'tools' }).seqs).toEqual([6, 7]);
  });

  it('stays on the dense path for a whole session read from a file', () => {
    const t = ingest(file(), frames);
    expect(t.model.partial).toBe(false);
    expect(frameView(t, 3)?.kind).toBe('stderr');
  });
});

describe('a trace file opened in the page', () => {
  it('is judged with the framing its header declares, as loupe check judges it', () => {
    // An answer in two frames without meta: whole messages (HTTP) make two invalid ones; lines
    // (stdio) make one answer spread over two lines.
    const split: Frame[] = [
      msg(1, 'c2s', { jsonrpc: '2.0', id: 1, method: 'ping' }),
      { seq: 2, ts: 2000, dir: 's2c', lane: 'message', raw: '{"jsonrpc":"2.0","id":1,', size: 24 },
      { seq: 3, ts: 2001, dir: 's2c', lane: 'message', raw: '"result":{}}', size: 12 },
    ];
    const judged = (framing: 'lines' | 'messages') => {
      const t = ingest(emptyTrace({ kind: 'file', name: 'f' }, { framing }), split);
      t.model.finish();
      return t.model.annotations.map((a) => a.rule);
    };
    expect(judged('messages')).toContain('jsonrpc.invalid-json');
    expect(judged('lines')).toContain('stdio.multiline-json');
    expect(judged('lines')).not.toContain('jsonrpc.invalid-json');
  });
});
