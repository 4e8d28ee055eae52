import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { modelOf } from '../model/session-model';

let seq = 0;
function msg(dir: Frame['dir'], body: unknown): Frame {
  const raw = JSON.stringify(body);
  seq += 1;
  return { seq, ts: seq, dir, lane: 'message', raw, size: raw.length, meta: { transport: 'stdio' } };
}

const handshake = () => [
  msg('c2s', {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  }),
  msg('s2c', {
    jsonrpc: '2.0',
    id: 0,
    result: { protocolVersion: '2025-11-25', capabilities: { resources: { subscribe: true } }, serverInfo: { name: 's', version: '1' } },
  }),
  msg('c2s', { jsonrpc: '2.0', method: 'notifications/initialized' }),
];

describe('subscriptions, as the frames tell them', () => {
  it('are accepted by a result, refused by an error, and ended by an answered unsubscribe', () => {
    seq = 0;
    const frames = [
      ...handshake(),
      msg('c2s', { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'test://a' } }),
      msg('s2c', { jsonrpc: '2.0', id: 1, result: {} }),
      msg('c2s', { jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: 'test://refused' } }),
      msg('s2c', { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'no such resource' } }),
      msg('c2s', { jsonrpc: '2.0', id: 3, method: 'resources/subscribe', params: { uri: 'test://b' } }),
      msg('s2c', { jsonrpc: '2.0', id: 3, result: {} }),
      msg('c2s', { jsonrpc: '2.0', id: 4, method: 'resources/unsubscribe', params: { uri: 'test://a' } }),
      msg('s2c', { jsonrpc: '2.0', id: 4, result: {} }),
      // Asked, not answered yet: not subscribed.
      msg('c2s', { jsonrpc: '2.0', id: 5, method: 'resources/subscribe', params: { uri: 'test://pending' } }),
    ];
    const m = modelOf(frames);
    expect([...m.state.acceptedSubscriptions]).toEqual(['test://b']);
    // The rules' view is the asking side's: every subscribe not unsubscribed.
    expect([...m.state.subscriptions].sort()).toEqual(['test://b', 'test://pending', 'test://refused']);
  });
});
