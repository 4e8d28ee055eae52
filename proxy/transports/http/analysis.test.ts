import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../../../lib/analyze';
import { createHttpTransport } from './index';
import { probeServer } from './probes';
import { FrameLog, MiniClient, startEverything, startFixture, testClock, type RunningServer } from './testing';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

async function record(server: RunningServer, drive: (c: MiniClient) => Promise<void>): Promise<FrameLog> {
  const log = new FrameLog();
  const t = createHttpTransport({ url: server.url, headers: {}, mode: 'streamable' }, testClock);
  t.onCrossing = log.sink;
  await t.start();
  await drive(new MiniClient(t));
  await t.close();
  return log;
}

const httpFindings = (log: FrameLog) => analyze(log.frames).annotations.filter((a) => a.group === 'http');

describe('the http.* rules on recorded traffic', () => {
  it('find nothing wrong in a clean server-everything session', async () => {
    const server = await startEverything('streamableHttp');
    running.push(server);
    const log = await record(server, async (c) => {
      await c.handshake();
      await c.request('tools/list');
      await c.request('tools/call', { name: 'echo', arguments: { message: 'x' } });
    });
    expect(httpFindings(log)).toEqual([]);
    const all = analyze(log.frames).annotations;
    expect(all.filter((a) => a.rule.startsWith('jsonrpc.'))).toEqual([]);
  });

  it('annotate a notification answered 200 with a body (http.notification-status)', async () => {
    const server = await startFixture('http-notification-200');
    running.push(server);
    const log = await record(server, async (c) => {
      await c.handshake();
    });
    const found = httpFindings(log);
    expect(found.map((a) => a.rule)).toEqual(['http.notification-status']);
    const on = log.frames[found[0].frames[0] - 1];
    expect(on.meta).toMatchObject({ phase: 'response', status: 200 });
    expect(found[0].message).toContain('answered 200');
    expect(found[0].spec).toBe('https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#sending-messages-to-the-server');
  });

  it('keep a resumed stream clean: the response on the resuming GET is not misplaced', async () => {
    const server = await startFixture('http-resume');
    running.push(server);
    const log = await record(server, async (c) => {
      await c.handshake();
      await c.request('tools/call', { name: 'x', arguments: {} });
    });
    expect(httpFindings(log)).toEqual([]);
  });

  it('annotate the probes: a 400 for a made-up session, a foreign Origin accepted', async () => {
    const fixture = await startFixture('http-unknown-session');
    const everything = await startEverything('streamableHttp');
    running.push(fixture, everything);
    const log = new FrameLog();
    await probeServer(fixture.url, {}, { clock: testClock, record: log.sink });
    expect(httpFindings(log).map((a) => [a.rule, a.severity])).toEqual([['http.unknown-session-status', 'warning']]);
    const other = new FrameLog();
    await probeServer(everything.url, {}, { clock: testClock, record: other.sink });
    expect(httpFindings(other).map((a) => [a.rule, a.severity])).toEqual([
      ['http.origin-not-validated', 'error'],
      ['http.unknown-session-status', 'warning'],
    ]);
  });
});
