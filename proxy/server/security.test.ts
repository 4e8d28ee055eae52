import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ScriptedRegistry } from './testing/scripted-registry';
import { PageClient, startHarness, type Harness } from './testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness(new ScriptedRegistry(), 64 * 1024);
});
afterEach(async () => {
  await h.close();
});

function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; type?: string; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: h.server.port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Tries an upgrade and reports either `open` or the refusal's status and body. */
function upgrade(url: string, headers: Record<string, string>): Promise<{ status: number | 'open'; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => {
      ws.close();
      resolve({ status: 'open', body: '' });
    });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('error', (e) => {
      if (!String(e.message).startsWith('Unexpected server response')) reject(e);
    });
  });
}

describe('security of the Loupe server', () => {
  it('listens on 127.0.0.1 by default', () => {
    expect(h.server.address().address).toBe('127.0.0.1');
    expect(h.server.url).toBe(`http://127.0.0.1:${h.server.port}/?token=${h.token}`);
    expect(h.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts the right token from the page origin, and says hello', async () => {
    const page = await PageClient.connect(h);
    const hello = await page.next('hello');
    expect(hello.defaults.protocolVersion).toBe('2025-11-25');
    expect(hello.connections[0]).toMatchObject({ id: 'server-everything', builtin: true });
    page.close();
  });

  it('refuses an upgrade without a token, with a wrong token, from a foreign Origin or Host', async () => {
    const base = `ws://127.0.0.1:${h.server.port}/ws`;
    const origin = { Origin: h.origin };
    expect(await upgrade(base, origin)).toEqual({ status: 401, body: 'missing token: open the exact URL Loupe printed at start\n' });
    expect(await upgrade(`${base}?token=${h.token.slice(0, -1)}x`, origin)).toEqual({
      status: 401,
      body: 'wrong token: open the exact URL Loupe printed at start\n',
    });
    expect((await upgrade(`${base}?token=${h.token}`, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await upgrade(`${base}?token=${h.token}`, { Origin: `http://localhost:${h.server.port + 1}` })).status).toBe(403);
    expect((await upgrade(`${base}?token=${h.token}`, {})).status).toBe(403);
    const rebound = await upgrade(`${base}?token=${h.token}`, { Host: `evil.example:${h.server.port}`, Origin: `http://evil.example:${h.server.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toMatch(/refuses requests for host "evil.example/);
    expect((await upgrade(`ws://127.0.0.1:${h.server.port}/other?token=${h.token}`, origin)).status).toBe(404);
  });

  it('accepts localhost and [::1] as the page host when the origin matches', async () => {
    const base = `ws://127.0.0.1:${h.server.port}/ws?token=${h.token}`;
    for (const name of ['localhost', '[::1]']) {
      const host = `${name}:${h.server.port}`;
      expect((await upgrade(base, { Host: host, Origin: `http://${host}` })).status).toBe('open');
    }
  });

  it('serves the exported page with content types, index and .html fallback', async () => {
    const index = await get('/');
    expect(index).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><title>Loupe</title>' });
    expect(index.headers['referrer-policy']).toBe('no-referrer');
    expect(await get('/?token=abc')).toMatchObject({ status: 200 });
    expect(await get('/about')).toMatchObject({ status: 200, body: '<!doctype html><title>About</title>' });
    const js = await get('/_next/static/app.js');
    expect(js).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await get('/nope')).status).toBe(404);
    expect((await get('/', {}, 'POST')).status).toBe(405);
    expect(await get('/', {}, 'HEAD')).toMatchObject({ status: 200, body: '' });
  });

  it('refuses a static GET for a foreign Host', async () => {
    const res = await get('/', { Host: `rebind.example:${h.server.port}` });
    expect(res.status).toBe(403);
    expect(res.body).toMatch(/^Loupe refuses requests for host "rebind.example:\d+"/);
    expect((await get('/', { Host: '127.0.0.1:1' })).status).toBe(403);
  });

  it('never serves a file outside the page folder', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/_next/../../secret.txt', '/%00', '/..\\secret.txt']) {
      const res = await rawGet(p);
      expect(res, p).not.toContain('outside the page folder');
      expect(res, p).toMatch(/^HTTP\/1\.1 (400|404)/);
    }
  });

  it('answers an invalid message with an error naming the problem, and keeps the socket', async () => {
    const page = await PageClient.connect(h);
    page.send({ type: 'session/attach', rid: 'r1' });
    expect(await page.next('error')).toEqual({
      type: 'error',
      rid: 'r1',
      message: 'invalid session/attach: sessionId: Invalid input: expected string, received undefined',
    });
    // The page's most frequent message is read by the same schema as every other one.
    page.send({ type: 'session/request', rid: 'r3', sessionId: 's1', method: 'ping', timeoutMs: 1.5 });
    expect(await page.next('error')).toMatchObject({ rid: 'r3', message: expect.stringMatching(/^invalid session\/request: timeoutMs: /) });
    page.send({ type: 'session/dance' });
    expect((await page.next('error')).message).toMatch(/^invalid session\/dance: type: /);
    page.ws.send('{not json');
    expect((await page.next('error')).message).toMatch(/^message is not JSON/);
    page.send({ type: 'connections/delete', rid: 'r2', id: 'server-everything' });
    expect(await page.next('ack')).toMatchObject({ rid: 'r2', ok: false, error: expect.stringMatching(/built in and cannot be deleted/) });
    page.close();
  });

  it('closes a socket that sends a message over the size limit', async () => {
    const page = await PageClient.connect(h);
    const closed = new Promise<number>((resolve) => page.ws.on('close', (code) => resolve(code)));
    page.send({ type: 'session/send-raw', sessionId: 's1', text: 'x'.repeat(100 * 1024) });
    expect(await closed).toBe(1009);
  });
});

function rawGet(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(h.server.port, '127.0.0.1', () => s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${h.server.port}\r\nConnection: close\r\n\r\n`));
    let out = '';
    s.on('data', (c) => (out += c));
    s.on('end', () => resolve(out));
    s.on('error', reject);
  });
}
