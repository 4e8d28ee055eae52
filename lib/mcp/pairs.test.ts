import { describe, expect, it } from 'vitest';
import type { Frame } from './frame';
import { PairIndex } from './pairs';

let seq = 0;
function f(dir: Frame['dir'], msg: unknown, ts: number): Frame {
  const raw = JSON.stringify(msg);
  return { seq: ++seq, ts, dir, lane: 'message', raw, size: raw.length };
}

describe('PairIndex', () => {
  it('pairs by direction and id, and measures latency at the wire', () => {
    const idx = new PairIndex();
    const a = f('c2s', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 100);
    const b = f('s2c', { jsonrpc: '2.0', id: 1, method: 'roots/list' }, 150); // the server's own id 1
    const c = f('s2c', { jsonrpc: '2.0', id: 1, result: { tools: [] } }, 400);
    const d = f('c2s', { jsonrpc: '2.0', id: 1, result: { roots: [] } }, 500);
    [a, b, c, d].forEach((x) => idx.push(x));
    expect(idx.pairOf(a.seq)).toMatchObject({ method: 'tools/list', responseSeq: c.seq, latencyUs: 300 });
    expect(idx.pairOf(d.seq)).toMatchObject({ method: 'roots/list', requestSeq: b.seq, latencyUs: 350 });
  });

  it('marks a request its sender cancelled, with the latency up to the cancellation', () => {
    const idx = new PairIndex();
    const a = f('c2s', { jsonrpc: '2.0', id: 'call-1', method: 'tools/call' }, 1_000);
    const wrongSide = f('s2c', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'call-1' } }, 2_000);
    const cancel = f('c2s', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'call-1', reason: 'user' } }, 5_500);
    [a, wrongSide, cancel].forEach((x) => idx.push(x));
    expect(idx.pairOf(a.seq)).toMatchObject({ cancelledSeq: cancel.seq, cancelledAfterUs: 4_500 });
    expect(idx.pairOf(a.seq)?.latencyUs).toBeUndefined();
  });

  it('keeps the first response and ignores a duplicate and a string id that looks like the number', () => {
    const idx = new PairIndex();
    const a = f('c2s', { jsonrpc: '2.0', id: 7, method: 'ping' }, 0);
    const wrongType = f('s2c', { jsonrpc: '2.0', id: '7', result: {} }, 5);
    const first = f('s2c', { jsonrpc: '2.0', id: 7, error: { code: 1, message: 'x' } }, 10);
    const dup = f('s2c', { jsonrpc: '2.0', id: 7, result: {} }, 20);
    [a, wrongType, first, dup].forEach((x) => idx.push(x));
    expect(idx.pairOf(a.seq)).toMatchObject({ responseSeq: first.seq, isError: true, latencyUs: 10 });
    expect(idx.pairOf(dup.seq)).toBeUndefined();
    expect(idx.pairOf(wrongType.seq)).toBeUndefined();
  });
});
