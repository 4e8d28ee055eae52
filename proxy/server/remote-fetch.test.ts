/**
 * /remote-trace's bounds on what arrives, with small limits on a real route and loopback trace
 * servers that misbehave on purpose: a body that never ends is cut one byte past the limit (so the
 * page's reader refuses it on size), a server that never answers gets a clear 504, one that
 * stalls mid-body is cut at the deadline.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressRefused } from './remote-fetch';
import { serveRemoteTrace } from './remote-trace';

const LIMITS = { maxBytes: 256 * 1024, timeoutMs: 1_000, maxRedirects: 2 };
let route: Server;
let traces: Server;
let routePort = 0;
let tracesBase = '';

beforeAll(async () => {
  traces = createServer((req, res) => {
    if (req.url === '/endless') {
      res.writeHead(200);
      const line = Buffer.from(`${'x'.repeat(1023)}\n`);
      const pump = () => {
        while (!res.destroyed && res.write(line));
      };
      res.on('drain', pump);
      return pump();
    }
    if (req.url === '/stall-body') return void res.writeHead(200).write('{"format":');
    if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    // /silent: never answers.
  });
  await new Promise<void>((r) => traces.listen(0, '127.0.0.1', r));
  tracesBase = `http://127.0.0.1:${(traces.address() as AddressInfo).port}`;
  route = createServer((req, res) => void serveRemoteTrace(req, res, { port: routePort, token: 't' }, LIMITS));
  await new Promise<void>((r) => route.listen(0, '127.0.0.1', r));
  routePort = (route.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const s of [route, traces]) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});

/** Fetches through the route, counting the body's bytes without keeping them. */
function through(path: string): Promise<{ status: number; bytes: number; ended: 'whole' | 'broken'; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: routePort, path: `/remote-trace?url=${encodeURIComponent(tracesBase + path)}`, headers: { authorization: 'Bearer t' } },
      (res) => {
        let bytes = 0;
        let text = '';
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (text.length < 500) text += c.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ended: 'whole', text }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, bytes, ended: 'broken', text }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('/remote-trace bounds', () => {
  it('cuts a body that never ends one byte past the limit, never ending it as if whole', async () => {
    const res = await through('/endless');
    expect(res).toMatchObject({ status: 200, bytes: LIMITS.maxBytes + 1, ended: 'broken' });
  });

  it('answers 504 for a server that never answers, and cuts one that stalls mid-body at the deadline', async () => {
    const started = Date.now();
    const silent = await through('/silent');
    expect(silent.status).toBe(504);
    expect(silent.text).toBe(`Loupe gave up on ${tracesBase}/silent: no answer within 1 s\n`);
    const stalled = await through('/stall-body');
    expect(stalled).toMatchObject({ status: 200, ended: 'broken', text: '{"format":' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('follows a few redirects, not forever', async () => {
    expect(await through('/loop')).toMatchObject({ status: 502, text: `Loupe could not fetch ${tracesBase}/loop: more than 2 redirects\n` });
  });

  it('judges addresses, IPv4-mapped ones as IPv4; loopback and private networks stay allowed', () => {
    for (const bad of ['169.254.169.254', '::ffff:169.254.169.254', '[::ffff:a9fe:a9fe]', 'fe80::1', 'fd00:ec2::254', '0.0.0.0', '::'])
      expect(addressRefused(bad), bad).toBe(true);
    for (const ok of ['127.0.0.1', '::1', '10.1.2.3', '192.168.1.10', 'traces.example', '8.8.8.8']) expect(addressRefused(ok), ok).toBe(false);
  });
});
