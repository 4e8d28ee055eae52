import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport } from './index';
import { FrameLog, meta, MiniClient, startEverything, testClock, sentHeader, type RunningServer } from './testing';
import { waitFor } from '../../sessions/test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startEverything('streamableHttp');
});
afterAll(async () => {
  await server?.stop();
});

describe('Streamable HTTP against server-everything', () => {
  it('handshakes, lists and calls tools, reads the GET stream and sends DELETE on close', async () => {
    const log = new FrameLog();
    const t = createHttpTransport({ url: server.url, headers: { Authorization: 'Bearer test-secret' }, mode: 'streamable' }, testClock);
    t.onCrossing = log.sink;
    const client = new MiniClient(t);
    await t.start();

    const init = await client.handshake();
    const result = init.result as Record<string, unknown>;
    expect(result.protocolVersion).toBe('2025-11-25');
    const sid = t.sessionId();
    expect(sid).toMatch(/^[\x21-\x7e]+$/);

    const list = await client.request('tools/list');
    const tools = (list.result as { tools: { name: string }[] }).tools.map((x) => x.name);
    expect(tools).toContain('echo');
    const echo = await client.request('tools/call', { name: 'echo', arguments: { message: 'hi there' } });
    expect(JSON.stringify(echo.result)).toContain('hi there');

    // The GET stream opens after notifications/initialized; a log message travels on it.
    await waitFor(() => log.http('response').some((f) => meta(f).stream === 'get' && meta(f).status === 200), 10_000, 'the GET stream');
    await client.request('tools/call', { name: 'toggle-simulated-logging', arguments: {} });
    await waitFor(
      () => log.messages('s2c').some((f) => meta(f).stream === 'get' && f.raw.includes('notifications/message')),
      10_000,
      'a log message on the GET stream',
    );

    await t.close();

    const requests = log.http('request');
    const posts = requests.filter((f) => meta(f).method === 'POST');
    // The initialize goes without a session id or version; everything after carries both.
    expect(meta(posts[0]).headers).not.toHaveProperty('Mcp-Session-Id');
    for (const f of requests.slice(1)) {
      const h = (name: string) => sentHeader(f, name);
      expect(h('Mcp-Session-Id')).toBe(sid);
      expect(h('MCP-Protocol-Version')).toBe('2025-11-25');
      expect(h('Authorization')).toBe('Bearer test-secret');
    }
    for (const f of posts) expect(sentHeader(f, 'Accept')).toBe('application/json, text/event-stream');
    // Each c2s message frame points at the exchange that carried it, and its raw text is the body.
    const sent = log.messages('c2s');
    expect(sent.map((f) => f.raw)).toContain(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    for (const m of sent) expect(log.frames[(meta(m).exchange as number) - 1]).toMatchObject({ lane: 'http', meta: { phase: 'request', method: 'POST' } });
    // The notification was answered 202; responses came back linked to their POST.
    const initializedEx = meta(sent[1]).exchange;
    expect(log.http('response').find((f) => meta(f).exchange === initializedEx)?.meta).toMatchObject({ status: 202 });
    const answers = log.messages('s2c').filter((f) => meta(f).stream === 'post');
    expect(answers.length).toBeGreaterThanOrEqual(4);
    // Timing: sent <= headers <= done, on the session clock.
    for (const end of log.http('end')) {
      const m = meta(end);
      if (m.headersAt !== undefined) expect((m.sentAt as number) <= (m.headersAt as number) && (m.headersAt as number) <= (m.doneAt as number)).toBe(true);
    }
    // DELETE with the session id, answered.
    const del = requests.find((f) => meta(f).method === 'DELETE');
    expect(sentHeader(del, 'Mcp-Session-Id')).toBe(sid);
    expect(log.http('response').find((f) => meta(f).exchange === del!.seq)?.meta).toMatchObject({ status: 200 });
    expect(log.frames.at(-1)?.meta).toMatchObject({ event: 'disconnect' });
  });

  it('rejects a request with a session id the server does not know with its status (400 from server-everything)', async () => {
    const log = new FrameLog();
    const t = createHttpTransport({ url: server.url, headers: {}, mode: 'streamable' }, testClock);
    t.onCrossing = log.sink;
    const client = new MiniClient(t);
    await t.start();
    await client.handshake();
    await t.close();
    // After the DELETE the server has forgotten the session: it answers 400 (server-everything).
    const again = createHttpTransport({ url: server.url, headers: {}, mode: 'streamable' }, testClock);
    await expect(again.send('{"jsonrpc":"2.0","id":9,"method":"tools/list"}')).rejects.toThrow(/400/);
    await again.close();
  });
});
