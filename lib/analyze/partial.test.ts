import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { analyze } from './engine';

const msg = (seq: number, dir: Frame['dir'], body: unknown): Frame => {
  const raw = JSON.stringify(body);
  return { seq, ts: seq * 1000, dir, lane: 'message', raw, size: raw.length, meta: { transport: 'stdio' } };
};

// A selection export from the middle of a session: a tools/call, a ping, and a server request
// (roots/list) with its answer. The handshake happened before frame 14.
const part: Frame[] = [
  msg(14, 'c2s', { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }),
  msg(15, 's2c', { jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'Echo: hi' }] } }),
  msg(24, 'c2s', { jsonrpc: '2.0', id: 9, method: 'ping' }),
  msg(25, 's2c', { jsonrpc: '2.0', id: 9, result: {} }),
  msg(26, 's2c', { jsonrpc: '2.0', id: 0, method: 'roots/list' }),
  msg(27, 'c2s', { jsonrpc: '2.0', id: 0, result: { roots: [] } }),
];
const renumbered = part.map((f, i) => ({ ...f, seq: i + 1 }));
const lifecycle = (frames: Frame[]) =>
  analyze(frames)
    .annotations.filter((a) => a.rule.startsWith('lifecycle.'))
    .map((a) => a.rule);

describe('a partial trace (its first seq is above 1)', () => {
  it('is not blamed for a handshake that happened before its frames', () => {
    expect(lifecycle(part)).toEqual([]);
  });

  it('while the same frames as a whole session are', () => {
    expect(lifecycle(renumbered)).toEqual(['lifecycle.initialize-not-first', 'lifecycle.server-request-before-initialized']);
  });
});
