/**
 * What the HTTP tap refuses, against real sockets on loopback: request targets that name another
 * server, a Host that is not the tap's, a web page's Origin, a body over the limit. Each refusal
 * is answered with its reason, reaches no server, is recorded, and leaves the tap serving.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { checkFrame } from '../../lib/mcp/frame-check';
import { HttpTap } from './http-tap';
import { TAP_BODY_LIMIT, upstreamTarget } from './http-tap-admission';

interface Fixture {
  server: Server;
  port: number;
  hits: string[];
}
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A loopback server that counts what reaches it and answers with `answer`. */
async function serve(
  answer: (req: IncomingMessage, res: import('node:http').ServerResponse) => void = (_q, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":{}}'),
): Promise<Fixture> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(
    () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return { server, port: (server.address() as AddressInfo).port, hits };
}

async function tapOf(upstream: string, maxBodyBytes?: number): Promise<{ tap: HttpTap; frames: Frame[]; port: number }> {
  const frames: Frame[] = [];
  const tap = new HttpTap({ upstream, onFrame: (f) => frames.push(f), maxBodyBytes });
  await tap.start();
  closers.push(() => tap.close());
  return { tap, frames, port: Number(new URL(tap.url).port) };
}

/** Sends a request exactly as written (the request line too) and returns the status and body. */
function raw(port: number, head: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (text += c));
    socket.on('end', () => resolve({ status: Number(text.slice(9, 12)), body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
    socket.on('error', reject);
  });
}

const post = (port: number, headers: Record<string, string>) =>
  fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}',
  });

function refusals(frames: Frame[]): { url: string; status: number; error: string }[] {
  return frames
    .filter((f) => (f.meta as { phase?: string }).phase === 'request')
    .flatMap((req) => {
      const linked = frames.filter((f) => (f.meta as { exchange?: number }).exchange === req.seq);
      const end = linked.find((f) => (f.meta as { phase?: string }).phase === 'end')?.meta as { error?: string } | undefined;
      const status = (linked.find((f) => (f.meta as { phase?: string }).phase === 'response')?.meta as { status: number }).status;
      return end?.error ? [{ url: (req.meta as { url: string }).url, status, error: end.error }] : [];
    });
}

describe('the HTTP tap forwards only to its one upstream', () => {
  it('refuses absolute-form and scheme-relative targets that name another server, and records where they tried to go', async () => {
    const upstream = await serve();
    const other = await serve((_q, res) => res.end('the other server'));
    const { frames, port } = await tapOf(`http://127.0.0.1:${upstream.port}/mcp`);
    const elsewhere = `127.0.0.1:${other.port}`;
    for (const target of [`http://${elsewhere}/x`, `//${elsewhere}/x`, `/\\${elsewhere}/x`, '*']) {
      const res = await raw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      expect(res.status, target).toBe(400);
      expect(res.body).toContain(`loupe tap forwards only paths on http://127.0.0.1:${upstream.port}`);
      expect(res.body).not.toContain('the other server');
    }
    // An authority-form target outside CONNECT is refused by Node's parser before the tap sees it.
    expect((await raw(port, `GET ${elsewhere} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)).status).toBe(400);
    expect(other.hits).toEqual([]);
    expect(upstream.hits).toEqual([]);
    expect(refusals(frames).map((r) => r.url)).toEqual([`http://${elsewhere}/x`, `//${elsewhere}/x`, `/\\${elsewhere}/x`, '*']);
    for (const f of frames) expect(checkFrame(f)).toMatchObject({ ok: true });
    // Paths on the upstream (the endpoint, OAuth metadata beside it) still go through.
    expect((await raw(port, `GET /.well-known/oauth-protected-resource HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)).status).toBe(200);
    expect(upstream.hits).toEqual(['GET /.well-known/oauth-protected-resource']);
  });

  it('takes only origin-form paths resolved on the upstream', () => {
    const origin = 'http://127.0.0.1:9000';
    expect(upstreamTarget('/mcp?x=1', origin)?.href).toBe('http://127.0.0.1:9000/mcp?x=1');
    expect(upstreamTarget('/a/../../b', origin)?.href).toBe('http://127.0.0.1:9000/b');
    for (const bad of ['', 'mcp', '//evil.example/', '/\\evil.example/', 'http://127.0.0.1:9000/mcp', 'https://evil.example/'])
      expect(upstreamTarget(bad, origin), bad).toBeUndefined();
  });

  it('refuses a Host that is not its own (DNS rebinding) and a web page on another origin', async () => {
    const upstream = await serve();
    const { frames, port } = await tapOf(`http://127.0.0.1:${upstream.port}/mcp`);
    const rebound = await raw(
      port,
      `POST /mcp HTTP/1.1\r\nHost: evil.example:${port}\r\nOrigin: http://evil.example:${port}\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(rebound).toMatchObject({ status: 403, body: expect.stringContaining('loupe tap refuses requests for host "evil.example') });
    const page = await post(port, { origin: 'https://evil.example', 'content-type': 'text/plain' });
    expect(page.status).toBe(403);
    expect(await page.text()).toMatch(/refuses requests from the web page at origin "https:\/\/evil\.example"/);
    expect((await post(port, { origin: 'null' })).status).toBe(403);
    const embedded = await raw(
      port,
      `GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nSec-Fetch-Site: cross-site\r\nSec-Fetch-Dest: script\r\nConnection: close\r\n\r\n`,
    );
    expect(embedded.status).toBe(403);
    expect(upstream.hits).toEqual([]);
    expect(refusals(frames).map((r) => r.status)).toEqual([403, 403, 403, 403]);
    // Hosts send no Origin; a page on this machine's loopback names may use the tap.
    expect((await post(port, {})).status).toBe(200);
    expect((await post(port, { origin: 'http://localhost:6274' })).status).toBe(200);
    expect((await raw(port, `GET /mcp HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`)).status).toBe(200);
    expect(upstream.hits).toHaveLength(3);
  });
});

/** Streams `total` bytes as a POST body without holding them, until the tap answers. */
function streamPost(port: number, total: number): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    let answered = false;
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent });
      });
    });
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (sent >= total) req.end();
    };
    pump();
  });
}

describe('the HTTP tap bounds bodies', () => {
  it('answers a request body over the limit 413, records it, passes nothing on, and serves the next request', async () => {
    const upstream = await serve();
    const { frames, port } = await tapOf(`http://127.0.0.1:${upstream.port}/mcp`);
    const res = await streamPost(port, TAP_BODY_LIMIT + 8 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(res.body).toMatch(/loupe tap refuses request bodies over 32\.0 MiB, its limit/);
    expect(res.sent).toBeLessThan(TAP_BODY_LIMIT + 8 * 1024 * 1024);
    expect(upstream.hits).toEqual([]);
    expect(refusals(frames)).toEqual([expect.objectContaining({ status: 413, url: '/mcp' })]);
    // A declared length over the limit is refused before anything is read.
    const declared = await raw(port, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: ${TAP_BODY_LIMIT + 1}\r\nConnection: close\r\n\r\n{`);
    expect(declared.status).toBe(413);
    expect(refusals(frames)).toHaveLength(2);
    expect(refusals(frames)[1]).toMatchObject({ status: 413, url: '/mcp' });
    expect((await post(port, {})).status).toBe(200);
    expect(upstream.hits).toEqual(['POST /mcp']);
  }, 60_000);

  it('survives a request it cannot parse and a host that hangs up mid-body, and keeps serving', async () => {
    const upstream = await serve();
    const { port } = await tapOf(`http://127.0.0.1:${upstream.port}/mcp`);
    const garbled = await raw(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbled.status).toBe(400);
    expect(garbled.body).toMatch(/could not read this request/);
    // Half a body, then the host goes away.
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc"`);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    expect((await post(port, {})).status).toBe(200);
    expect(upstream.hits).toEqual(['POST /mcp']);
  }, 30_000);

  it("passes a server's answer over the limit on whole and records its size with a note instead of its text", async () => {
    const big = `{"jsonrpc":"2.0","id":1,"result":{"text":"${'b'.repeat(3 * 1024 * 1024)}"}}`;
    const event = (data: string) => `event: message\ndata: ${data}\n\n`;
    const small = '{"jsonrpc":"2.0","method":"notifications/message","params":{}}';
    const upstream = await serve((req, res) => {
      if (req.url === '/mcp/sse') return void res.writeHead(200, { 'content-type': 'text/event-stream' }).end(event(big) + event(small));
      res.writeHead(200, { 'content-type': 'application/json' }).end(big);
    });
    const { frames, port } = await tapOf(`http://127.0.0.1:${upstream.port}/mcp`, 1024 * 1024);
    const json = await post(port, {});
    expect(await json.text()).toBe(big);
    const sse = await fetch(`http://127.0.0.1:${port}/mcp/sse`);
    expect(await sse.text()).toBe(event(big) + event(small));
    const ends = frames.filter((f) => (f.meta as { phase?: string }).phase === 'end').map((f) => f.meta as { bytes: number; note?: string });
    expect(ends[0]).toMatchObject({ bytes: big.length, note: expect.stringMatching(/passed on whole but not recorded: .* limit of 1\.0 MiB/) });
    expect(ends[1]).toMatchObject({ note: "1 event was passed on but not recorded: over the tap's recording limit of 1.0 MiB" });
    // The event after the oversized one is recorded as usual, and nothing recorded holds the big text.
    expect(frames.some((f) => f.raw === small)).toBe(true);
    expect(frames.every((f) => f.raw.length < 1024 * 1024)).toBe(true);
  }, 60_000);

  it('answers 500 when recording an exchange fails, and keeps serving', async () => {
    const upstream = await serve();
    let failOnce = true;
    const tap = new HttpTap({
      upstream: `http://127.0.0.1:${upstream.port}/mcp`,
      onFrame: (f) => {
        if (f.lane === 'http' && failOnce) {
          failOnce = false;
          throw new Error('no space left on device');
        }
      },
    });
    await tap.start();
    closers.push(() => tap.close());
    const port = Number(new URL(tap.url).port);
    const broken = await post(port, {});
    expect(broken.status).toBe(500);
    expect(await broken.text()).toBe('loupe tap: no space left on device\n');
    expect((await post(port, {})).status).toBe(200);
  });
});
