import { describe, expect, it } from 'vitest';
import { editableText, pinLabel, resendable, resendableRequests } from './resend';

const c2s = (raw: unknown) => ({ raw: typeof raw === 'string' ? raw : JSON.stringify(raw), lane: 'message', dir: 'c2s' as const, hasClient: true });

describe('resendable', () => {
  it('a client request is sent again with its params; the old progress token is dropped', () => {
    const r = resendable(
      c2s({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' }, _meta: { progressToken: 7, trace: 'x' } } }),
    );
    expect(r).toEqual({ ok: true, kind: 'request', method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' }, _meta: { trace: 'x' } } });
    const bare = resendable(c2s({ jsonrpc: '2.0', id: 8, method: 'ping', params: { _meta: { progressToken: 8 } } }));
    expect(bare).toEqual({ ok: true, kind: 'request', method: 'ping', params: {} });
  });

  it('a client notification is sent again, except initialized and cancelled', () => {
    expect(resendable(c2s({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }))).toEqual({
      ok: true,
      kind: 'notification',
      method: 'notifications/roots/list_changed',
    });
    expect(resendable(c2s({ jsonrpc: '2.0', method: 'notifications/initialized' }))).toMatchObject({ ok: false, reason: expect.stringMatching(/handshake/) });
    expect(resendable(c2s({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } }))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/already ended/),
    });
  });

  it('refuses, with the reason, what a client cannot send again', () => {
    const reason = (src: Parameters<typeof resendable>[0]) => {
      const r = resendable(src);
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason({ ...c2s({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: {} }), dir: 's2c' })).toMatch(/sent by the server/);
    expect(reason({ ...c2s({ jsonrpc: '2.0', method: 'notifications/message', params: {} }), dir: 's2c' })).toMatch(/sent by the server/);
    expect(reason(c2s({ jsonrpc: '2.0', id: 1, result: {} }))).toMatch(/response/);
    expect(reason(c2s({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }))).toMatch(/once per session/);
    expect(reason(c2s('{"jsonrpc":"2.0",'))).toMatch(/not valid JSON.*raw composer/);
    expect(reason(c2s([{ jsonrpc: '2.0', id: 1, method: 'ping' }]))).toMatch(/batch/);
    expect(reason(c2s({ jsonrpc: '2.0', id: 1, method: 'x', params: [1] }))).toMatch(/not an object/);
    expect(reason({ ...c2s({ jsonrpc: '2.0', id: 1, method: 'ping' }), hasClient: false })).toMatch(/only watches/);
    expect(reason({ ...c2s({ jsonrpc: '2.0', id: 1, method: 'ping' }), lane: 'stderr' })).toMatch(/only JSON-RPC/);
  });
});

describe('editableText', () => {
  it('gives a request a fresh id and drops the old progress token, on one line (a stdio frame ends at a newline)', () => {
    const text = editableText('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","_meta":{"progressToken":4}}}', 'edit-1');
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 'edit-1', method: 'tools/call', params: { name: 'echo' } });
    expect(text).not.toContain('\n');
  });

  it('leaves a notification its shape and a malformed frame its exact text', () => {
    expect(JSON.parse(editableText('{"jsonrpc":"2.0","method":"n"}', 'e'))).toEqual({ jsonrpc: '2.0', method: 'n' });
    expect(editableText('{"broken', 'e')).toBe('{"broken');
    expect(editableText('[1, 2]', 'e')).toBe('[1, 2]');
  });
});

it('pin labels name the tool, prompt or resource', () => {
  expect(pinLabel('tools/call', { name: 'echo' })).toBe('tools/call echo');
  expect(pinLabel('resources/read', { uri: 'demo://x' })).toBe('resources/read demo://x');
  expect(pinLabel('ping')).toBe('ping');
});

it('resendableRequests: the client requests of a session in order, without the handshake, notifications or answers', () => {
  const f = (dir: 'c2s' | 's2c', m: unknown) => ({ raw: JSON.stringify(m), lane: 'message', dir });
  expect(
    resendableRequests([
      f('c2s', { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }),
      f('s2c', { jsonrpc: '2.0', id: 0, result: {} }),
      f('c2s', { jsonrpc: '2.0', method: 'notifications/initialized' }),
      f('c2s', { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      f('s2c', { jsonrpc: '2.0', id: 9, method: 'roots/list' }),
      f('c2s', { jsonrpc: '2.0', id: 9, result: { roots: [] } }),
      f('c2s', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo' } }),
      { raw: 'x', lane: 'stderr', dir: 's2c' as const },
    ]),
  ).toEqual([{ method: 'tools/list' }, { method: 'tools/call', params: { name: 'echo' } }]);
});
