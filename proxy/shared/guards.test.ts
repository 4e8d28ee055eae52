import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { guardAction, hostAllowed, originIsLoopback } from './guards';
import { createToken, tokensMatch } from './token';

describe('hostAllowed', () => {
  const cfg = { port: 6280, token: 't' };
  it('accepts only loopback names on the right port', () => {
    for (const ok of ['127.0.0.1:6280', 'localhost:6280', 'LOCALHOST:6280', '[::1]:6280']) expect(hostAllowed(ok, cfg), ok).toBe(true);
    for (const bad of [
      undefined,
      '',
      '127.0.0.1',
      '127.0.0.1:6281',
      'evil.example:6280',
      'localhost.evil.example:6280',
      '127.0.0.1.nip.io:6280',
      '[::2]:6280',
      '0.0.0.0:6280',
      'localhost:6280:1',
    ]) {
      expect(hostAllowed(bad, cfg), String(bad)).toBe(false);
    }
  });
  it('adds the --host address when one was given', () => {
    expect(hostAllowed('192.168.1.5:6280', { ...cfg, extraHost: '192.168.1.5' })).toBe(true);
    expect(hostAllowed('192.168.1.6:6280', { ...cfg, extraHost: '192.168.1.5' })).toBe(false);
    expect(hostAllowed('10.0.0.2:6280', { ...cfg, extraHost: '0.0.0.0' })).toBe(true);
    expect(hostAllowed('rebind.example:6280', { ...cfg, extraHost: '0.0.0.0' })).toBe(false);
  });
});

describe('tokens', () => {
  it('are random, URL-safe, and compared exactly', () => {
    const t = createToken();
    expect(t).not.toBe(createToken());
    expect(encodeURIComponent(t)).toBe(t);
    expect(tokensMatch(t, t)).toBe(true);
    expect(tokensMatch(t.slice(1), t)).toBe(false);
    expect(tokensMatch(t + 'x', t)).toBe(false);
    expect(tokensMatch('', t)).toBe(false);
    expect(tokensMatch(null, t)).toBe(false);
  });
});

describe('guardAction', () => {
  function attempt(url: string, headers: Record<string, string>) {
    const res = {
      status: 0,
      body: '',
      writeHead(s: number) {
        this.status = s;
      },
      end(b: string) {
        this.body = b;
      },
    };
    const passed = guardAction({ url, headers } as unknown as IncomingMessage, res as unknown as ServerResponse, { port: 6280, token: 'secret' });
    return { passed, status: res.status, body: res.body };
  }
  it('lets an acting route through only with the Host and the token', () => {
    expect(attempt('/api?token=secret', { host: '127.0.0.1:6280' }).passed).toBe(true);
    expect(attempt('/api', { host: '127.0.0.1:6280', authorization: 'Bearer secret' }).passed).toBe(true);
    expect(attempt('/api', { host: '127.0.0.1:6280' })).toMatchObject({ passed: false, status: 401, body: expect.stringMatching(/^missing token/) });
    expect(attempt('/api?token=nope', { host: '127.0.0.1:6280' })).toMatchObject({ passed: false, status: 401 });
    expect(attempt('/api?token=secret', { host: 'evil.example:6280' })).toMatchObject({ passed: false, status: 403 });
  });
});

describe('originIsLoopback', () => {
  it('accepts pages on loopback names (any port), nothing else', () => {
    for (const ok of ['http://127.0.0.1:6274', 'http://localhost', 'https://LOCALHOST:1', 'http://[::1]:3000']) expect(originIsLoopback(ok), ok).toBe(true);
    for (const bad of ['null', '', 'http://evil.example', 'http://localhost.evil.example', 'http://127.0.0.1.nip.io', 'file://', 'chrome-extension://abc'])
      expect(originIsLoopback(bad), bad).toBe(false);
  });
});
