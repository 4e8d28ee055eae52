import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText } from './body';
import { FrameLog, testClock } from './testing';
import { HttpWire } from './wire';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(req.url === '/bytes' ? Buffer.from([0x7b, 0xc3]) : 'abcdefghij');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function wire(log: FrameLog) {
  return new HttpWire(testClock, () => log.sink, new AbortController().signal);
}

describe('readText', () => {
  it('keeps the first bytes of an oversized body and counts the rest', async () => {
    const ex = await wire(new FrameLog()).open({ method: 'GET', url: `${base}/big`, headers: {}, role: 'get', timeoutMs: 2_000 });
    const body = await readText(ex, 2_000, 4);
    expect(body).toMatchObject({ text: 'abcd', bytes: 10, truncated: true, invalidUtf8: false });
  });

  it('flags a body that is not valid UTF-8 and keeps its exact bytes', async () => {
    const ex = await wire(new FrameLog()).open({ method: 'GET', url: `${base}/bytes`, headers: {}, role: 'get', timeoutMs: 2_000 });
    const body = await readText(ex, 2_000);
    expect(body.invalidUtf8).toBe(true);
    expect(Buffer.from(body.rawBase64!, 'base64')).toEqual(Buffer.from([0x7b, 0xc3]));
  });
});
