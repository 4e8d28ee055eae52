import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../../../lib/analyze';
import { createHttpTransport, type SessionExpired } from './index';
import { FrameLog, meta, MiniClient, startFixture, testClock, sentHeader, type RunningServer } from './testing';
import { waitFor } from '../../sessions/test-support';

const running: RunningServer[] = [];
async function fixture(name: string): Promise<RunningServer> {
  const s = await startFixture(name);
  running.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

function connect(url: string, options = {}) {
  const log = new FrameLog();
  const t = createHttpTransport({ url, headers: {}, mode: 'streamable' }, testClock, options);
  t.onCrossing = log.sink;
  return { log, t, client: new MiniClient(t) };
}

describe('HTTP fixtures that misbehave', () => {
  it('resumes a dropped SSE answer with Last-Event-ID after the retry the server asked for', async () => {
    const server = await fixture('http-resume');
    const { log, t, client } = connect(server.url);
    await t.start();
    await client.handshake();
    const answer = await client.request('tools/call', { name: 'x', arguments: {} });
    expect(JSON.stringify(answer.result)).toContain('resumed answer');
    await t.close();

    const post = log
      .http('request')
      .find((f) => f.raw.includes('tools/call') || log.messages('c2s').some((m) => meta(m).exchange === f.seq && m.raw.includes('tools/call')))!;
    const postEnd = log.http('end').find((f) => meta(f).exchange === post.seq)!;
    expect(meta(postEnd)).toMatchObject({ streamEnd: 'error', lastEventId: 'ev-2', retryMs: 300, note: expect.stringContaining('resuming from event ev-2') });
    const resume = log.http('request').find((f) => meta(f).lastEventId === 'ev-2')!;
    expect(meta(resume)).toMatchObject({ method: 'GET', resumes: post.seq });
    expect(sentHeader(resume, 'Last-Event-ID')).toBe('ev-2');
    // The server asked for 300 ms between the drop and the reconnection.
    expect(resume.ts - postEnd.ts).toBeGreaterThanOrEqual(290_000);
    const progress = log.messages('s2c').find((f) => f.raw.includes('notifications/progress'))!;
    expect(meta(progress)).toMatchObject({ stream: 'post', eventId: 'ev-2', exchange: post.seq });
    const response = log.messages('s2c').find((f) => f.raw.includes('resumed answer'))!;
    expect(meta(response)).toMatchObject({ stream: 'get', eventId: 'ev-3', resumption: true, exchange: resume.seq });
    // The standalone GET stream was refused with 405, quietly: recorded, not retried.
    const plainGets = log.http('request').filter((f) => meta(f).method === 'GET' && meta(f).lastEventId === undefined);
    expect(plainGets).toHaveLength(1);
    expect(log.http('end').find((f) => meta(f).exchange === plainGets[0].seq)?.meta).toMatchObject({ note: expect.stringContaining('405') });
  });

  it('times out a server that never answers, records why, and closes at once', async () => {
    const server = await fixture('http-silent');
    const { log, t } = connect(server.url, { requestTimeoutMs: 300 });
    await t.start();
    const started = Date.now();
    await expect(t.send('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}')).rejects.toThrow(/no answer within 300 ms/);
    // Bounded by the 300 ms timeout, not the 30 s default (generous for a loaded machine).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(log.http('end')[0].meta).toMatchObject({ errorCode: 'timeout' });
    const closing = Date.now();
    await t.close();
    expect(Date.now() - closing).toBeLessThan(10_000);
  });

  it('declares a stalled SSE stream, tries to resume it, and gives up within its bounds', async () => {
    const server = await fixture('http-silent');
    const { log, t } = connect(`${server.url}/stall`, { requestTimeoutMs: 300, streamIdleTimeoutMs: 200, maxReconnects: 1 });
    await t.start();
    await t.send('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}');
    await waitFor(() => log.http('end').some((f) => meta(f).errorCode === 'timeout'), 5_000, 'the resumption to time out');
    const stalled = log.http('end').find((f) => meta(f).streamEnd === 'stalled');
    expect(stalled?.meta).toMatchObject({ lastEventId: 'stall-1', error: expect.stringContaining('stalled') });
    expect(log.http('request').find((f) => meta(f).method === 'GET')?.meta).toMatchObject({ lastEventId: 'stall-1' });
    const closing = Date.now();
    await t.close();
    expect(Date.now() - closing).toBeLessThan(10_000);
  });

  it('records the body of a notification answered 200 instead of 202', async () => {
    const server = await fixture('http-notification-200');
    const { log, t, client } = connect(server.url);
    await t.start();
    await client.handshake();
    await t.close();
    const note = log.messages('c2s').find((f) => f.raw.includes('notifications/initialized'))!;
    const ex = meta(note).exchange;
    expect(log.http('response').find((f) => meta(f).exchange === ex)?.meta).toMatchObject({ status: 200 });
    expect(log.messages('s2c').find((f) => meta(f).exchange === ex)?.raw).toBe('{"ok":true}');
  });

  it('surfaces a 404 on a known session as expiry, and starts a new session on re-initialize', async () => {
    const server = await fixture('http-expiring');
    const { log, t, client } = connect(server.url);
    const expiries: SessionExpired[] = [];
    t.onSessionExpired = (e) => expiries.push(e);
    await t.start();
    await client.handshake();
    const first = t.sessionId();
    await client.request('tools/list');
    await expect(client.request('tools/list')).rejects.toThrow(/re-initialize/);
    expect(t.expired).toBe(true);
    expect(expiries).toEqual([expect.objectContaining({ sessionId: first, url: server.url })]);
    expect(log.http('end').some((f) => meta(f).sessionExpired === true && f.raw === 'session not found')).toBe(true);
    expect(log.frames.find((f) => f.lane === 'lifecycle' && meta(f).event === 'session-expired')?.meta).toMatchObject({
      sessionId: first,
      error: expect.stringContaining('re-initialize'),
    });
    await client.handshake();
    expect(t.expired).toBe(false);
    expect(t.sessionId()).not.toBe(first);
    await client.request('tools/list');
    await t.close();
  });
});

describe('malformed bodies', () => {
  it('are recorded exactly as they crossed, never dropped, and annotated by the analyser', async () => {
    const server = await fixture('http-malformed');
    const { log, t, client } = connect(server.url);
    await t.start();
    await client.handshake();
    await t.send('{"jsonrpc":"2.0","id":20,"method":"tools/list"}');
    await t.send('{"jsonrpc":"2.0","id":21,"method":"prompts/list"}');
    await t.close();
    const s2c = log.messages('s2c');
    const notJson = s2c.find((f) => f.raw === 'this is {not json')!;
    expect(meta(notJson)).toMatchObject({ stream: 'post', eventId: 'm1' });
    const truncated = s2c.find((f) => f.raw === '{"jsonrpc":"2.0","id":20,"result":{"tools":[')!;
    expect(meta(truncated).stream).toBe('post');
    const badBytes = s2c.find((f) => f.invalidUtf8)!;
    expect(Buffer.from(badBytes.rawBase64!, 'base64').includes(Buffer.from([0xff, 0xfe]))).toBe(true);
    expect(badBytes.raw).toContain('\ufffd');
    const { annotations } = analyze(log.frames);
    const invalid = annotations.filter((a) => a.rule === 'jsonrpc.invalid-json').map((a) => a.frames[0]);
    expect(invalid).toEqual(expect.arrayContaining([notJson.seq, truncated.seq]));
    expect(badBytes.size).toBe(Buffer.from(badBytes.rawBase64!, 'base64').length);
  });
});

describe('auto mode', () => {
  it('names both failures when neither Streamable HTTP nor the HTTP+SSE fallback works', async () => {
    const server = createServer((req, res) => {
      res.writeHead(req.method === 'POST' ? 405 : 404, { 'Content-Type': 'text/plain' });
      res.end(req.method === 'POST' ? 'no POST here' : 'no stream here');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
      const t = createHttpTransport({ url, headers: {}, mode: 'auto' }, testClock);
      await t.start();
      await expect(t.send('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}')).rejects.toThrow(
        /answered 405 .*no POST here\)\nthe HTTP\+SSE fallback failed too: GET .* was answered 404 .*no stream here/,
      );
      await t.close();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
