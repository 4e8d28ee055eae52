import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteTraceUrl } from './remote-trace';
import { ScriptedRegistry } from './testing/scripted-registry';
import { startHarness, type Harness } from './testing/harness';

let h: Harness;
let traces: Server;
let tracesBase: string;

beforeAll(async () => {
  h = await startHarness(new ScriptedRegistry());
  traces = createServer((req, res) => {
    if (req.url === '/t.ndjson') return void res.writeHead(200, { 'content-type': 'application/x-ndjson' }).end('{"format":"loupe-trace"}\n');
    // Says it is larger than the reader reads, sends a little, and never finishes.
    if (req.url === '/huge.ndjson') return void res.writeHead(200, { 'content-length': String(600 * 2 ** 20) }).write('{"format":');
    if (req.url === '/to-metadata') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    res.writeHead(404, 'No Such Trace').end('nope');
  });
  await new Promise<void>((r) => traces.listen(0, '127.0.0.1', r));
  tracesBase = `http://127.0.0.1:${(traces.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await h.close();
  traces.closeAllConnections();
  await new Promise<void>((r) => traces.close(() => r()));
});

function get(
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; reason?: string; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: h.server.port, path: urlPath, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reason: res.statusMessage, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/remote-trace', () => {
  const auth = () => ({ Authorization: `Bearer ${h.token}` });

  it('fetches a trace on another origin for the page', async () => {
    const res = await get(`/remote-trace?url=${encodeURIComponent(`${tracesBase}/t.ndjson`)}`, auth());
    expect(res).toMatchObject({ status: 200, body: '{"format":"loupe-trace"}\n' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("passes the remote server's refusal through, so the page can say what it answered", async () => {
    expect(await get(`/remote-trace?url=${encodeURIComponent(`${tracesBase}/missing`)}`, auth())).toMatchObject({ status: 404, reason: 'No Such Trace' });
  });

  it('says which URL could not be reached', async () => {
    const res = await get(`/remote-trace?url=${encodeURIComponent('http://127.0.0.1:1/t')}`, auth());
    expect(res.status).toBe(502);
    expect(res.body).toMatch(/^Loupe could not fetch http:\/\/127\.0\.0\.1:1\/t: /);
  });

  it('needs the token and refuses another origin', async () => {
    const url = `/remote-trace?url=${encodeURIComponent(`${tracesBase}/t.ndjson`)}`;
    expect((await get(url)).status).toBe(401);
    expect((await get(url, { Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await get(url, { ...auth(), Origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(url, { ...auth(), Host: `rebind.example:${h.server.port}` })).status).toBe(403);
  });

  it('fetches only absolute http(s) URLs', () => {
    expect(remoteTraceUrl('/remote-trace?url=https%3A%2F%2Fci.example%2Ft.ndjson')).toEqual(new URL('https://ci.example/t.ndjson'));
    expect(remoteTraceUrl('/remote-trace')).toBe('missing ?url=: give the address of the trace file');
    expect(remoteTraceUrl('/remote-trace?url=file%3A%2F%2F%2Fetc%2Fpasswd')).toBe('only http: and https: traces can be fetched, not file:');
    expect(remoteTraceUrl('/remote-trace?url=%2Frelative')).toBe('not a URL: /relative');
  });

  it("refuses a trace declared larger than the trace reader's limit, before reading it", async () => {
    const res = await get(`/remote-trace?url=${encodeURIComponent(`${tracesBase}/huge.ndjson`)}`, auth());
    expect(res.status).toBe(413);
    expect(res.body).toBe(`the trace at ${tracesBase}/huge.ndjson is 600.0 MiB, over the limit of 512.0 MiB; split it or export a time range\n`);
  });

  it('refuses link-local and cloud metadata addresses, also behind a redirect, without connecting', async () => {
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fe80::1]/',
      'http://[fd00:ec2::254]/',
      'http://0.0.0.0:1/',
    ]) {
      const res = await get(`/remote-trace?url=${encodeURIComponent(target)}`, auth());
      expect(res.status, target).toBe(403);
      expect(res.body, target).toMatch(/^Loupe does not fetch traces from .*: link-local and cloud metadata addresses are refused\n$/);
    }
    const redirected = await get(`/remote-trace?url=${encodeURIComponent(`${tracesBase}/to-metadata`)}`, auth());
    expect(redirected).toMatchObject({ status: 403, body: expect.stringContaining('Loupe does not fetch traces from 169.254.169.254') });
  });
});
