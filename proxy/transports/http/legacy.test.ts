import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport } from './index';
import { FrameLog, meta, MiniClient, startEverything, startFixture, testClock, sentHeader, type RunningServer } from './testing';
import { waitFor } from '../../sessions/test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startEverything('sse');
});
afterAll(async () => {
  await server?.stop();
});

async function exercise(mode: 'sse' | 'auto') {
  const log = new FrameLog();
  const t = createHttpTransport({ url: server.url, headers: { 'X-Api-Key': 'k1' }, mode }, testClock);
  t.onCrossing = log.sink;
  const client = new MiniClient(t);
  await t.start();
  const init = await client.handshake();
  expect((init.result as Record<string, unknown>).protocolVersion).toBe('2025-11-25');
  expect(t.kind).toBe('sse');
  const list = await client.request('tools/list');
  expect((list.result as { tools: { name: string }[] }).tools.map((x) => x.name)).toContain('echo');
  const echo = await client.request('tools/call', { name: 'echo', arguments: { message: 'over sse' } });
  expect(JSON.stringify(echo.result)).toContain('over sse');
  await client.request('tools/call', { name: 'toggle-simulated-logging', arguments: {} });
  await waitFor(() => log.messages('s2c').some((f) => f.raw.includes('notifications/message')), 10_000, 'a log message');
  await t.close();
  return log;
}

describe('legacy HTTP+SSE against server-everything', () => {
  it('connects in sse mode: the endpoint event, POSTs to it, answers on the legacy stream', async () => {
    const log = await exercise('sse');
    const get = log.http('request')[0];
    expect(meta(get)).toMatchObject({ method: 'GET', stream: 'legacy' });
    expect(sentHeader(get, 'X-Api-Key')).toBe('k1');
    const endpoint = log.http('event').find((f) => meta(f).event === 'endpoint');
    expect(endpoint?.raw).toMatch(/^\/message\?sessionId=/);
    const posts = log.http('request').filter((f) => meta(f).method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const p of posts) expect(meta(p).url).toContain('/message?sessionId=');
    for (const m of log.messages('s2c')) expect(meta(m)).toMatchObject({ stream: 'legacy', exchange: get.seq });
    // Each POST is answered 202 Accepted; the body is kept in the http lane.
    const post202 = log.http('response').filter((f) => meta(f).stream === 'post');
    expect(post202.every((f) => meta(f).status === 202)).toBe(true);
    expect(log.http('end').find((f) => meta(f).exchange === posts[0].seq)?.raw).toBe('Accepted');
  });

  it('falls back from Streamable HTTP to HTTP+SSE in auto mode when POST initialize is refused', async () => {
    const log = await exercise('auto');
    const first = log.http('request')[0];
    expect(meta(first)).toMatchObject({ method: 'POST', stream: 'post' });
    expect(log.http('response')[0].meta).toMatchObject({ status: 404 });
    expect(log.frames.find((f) => f.lane === 'lifecycle' && meta(f).fallback === 'sse')?.raw).toMatch(/falling back/);
    // The initialize crossed twice: once refused, once on the legacy endpoint.
    expect(log.messages('c2s').filter((f) => f.raw.includes('"initialize"'))).toHaveLength(2);
  });
});

describe('exchange links without a seq from the recorder', () => {
  it('counts frames itself, across the auto fallback, so links still point at request frames', async () => {
    const frames: { seq: number; lane: string; meta?: Record<string, unknown> }[] = [];
    const t = createHttpTransport({ url: server.url, headers: {}, mode: 'auto' }, testClock);
    t.onCrossing = (c) => {
      frames.push({ seq: frames.length + 1, lane: c.lane, meta: { ...c.meta } });
      return { seq: frames.length, ...c };
    };
    const client = new MiniClient(t);
    await t.start();
    await client.handshake();
    await client.request('tools/list');
    await t.close();
    const linked = frames.filter((f) => f.lane === 'message');
    expect(linked.length).toBeGreaterThanOrEqual(5);
    for (const f of linked) expect(frames[(f.meta!.exchange as number) - 1].meta).toMatchObject({ phase: 'request' });
  });
});

describe('legacy HTTP+SSE connect errors', () => {
  it('rejects start with a clear error when the stream names no endpoint in time, and reports no close', async () => {
    const quiet = await startFixture('http-silent');
    try {
      const t = createHttpTransport({ url: quiet.url, headers: {}, mode: 'sse' }, testClock, { connectTimeoutMs: 300 });
      const closed: string[] = [];
      t.onClosed = (r) => closed.push(r);
      await expect(t.start()).rejects.toThrow(/GET .* got no answer within 300 ms/);
      await t.close();
      const sse = createHttpTransport({ url: `${quiet.url}/quiet-sse`, headers: {}, mode: 'sse' }, testClock, { connectTimeoutMs: 300 });
      sse.onClosed = (r) => closed.push(r);
      await expect(sse.start()).rejects.toThrow(/waiting for the endpoint event .* got no answer within 300 ms/);
      await sse.close();
      expect(closed).toEqual([]);
    } finally {
      await quiet.stop();
    }
  });
});
