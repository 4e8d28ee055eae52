import { describe, expect, it } from 'vitest';
import type { Frame } from '../../mcp/frame';
import { emptyTrace, ingest } from '../trace';
import { cancelledAfterUs } from './cancelledAfter';

function msg(seq: number, dir: Frame['dir'], body: unknown, ts: number): Frame {
  const raw = JSON.stringify(body);
  return { seq, ts, dir, lane: 'message', raw, size: raw.length };
}

const handshake: Frame[] = [
  msg(1, 'c2s', { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }, 1_000),
  msg(2, 's2c', { jsonrpc: '2.0', id: 0, result: {} }, 2_000),
  msg(3, 'c2s', { jsonrpc: '2.0', method: 'notifications/initialized' }, 2_100),
];
const call = msg(4, 'c2s', { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'slow' } }, 10_000);
const cancel = msg(5, 'c2s', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } }, 1_250_000);

describe('how long a cancelled call ran', () => {
  it('is the wire time from its request frame to the notifications/cancelled that named it', () => {
    const t = ingest(emptyTrace({ kind: 'live', sessionId: 's' }), [...handshake, call, cancel]);
    expect(cancelledAfterUs(t, { method: 'tools/call', requestId: 5 })).toBe(1_240_000);
  });

  it('is not known before the cancellation frame arrives, for another id or method, or without an id', () => {
    const early = ingest(emptyTrace({ kind: 'live', sessionId: 's' }), [...handshake, call]);
    expect(cancelledAfterUs(early, { method: 'tools/call', requestId: 5 })).toBeUndefined();
    const t = ingest(early, [cancel]);
    expect(cancelledAfterUs(t, { method: 'tools/call', requestId: 6 })).toBeUndefined();
    expect(cancelledAfterUs(t, { method: 'prompts/get', requestId: 5 })).toBeUndefined();
    expect(cancelledAfterUs(t, { method: 'tools/call' })).toBeUndefined();
    expect(cancelledAfterUs(undefined, { method: 'tools/call', requestId: 5 })).toBeUndefined();
  });
});
