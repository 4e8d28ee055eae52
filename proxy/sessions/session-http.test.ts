/** An HTTP session's own extras: the active probes in its trace, and session expiry with re-initialize. */
import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../../lib/analyze';
import type { HttpConnection } from '../../lib/wire/connection';
import { sentHeader, startEverything, startFixture, type RunningServer } from '../transports/http/testing';
import type { Session } from './session';
import { sessionFor, urlTransportOptions } from './sources';
import { everythingServer } from './test-support';

const sessions: Session[] = [];
const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

const http = (url: string, extra: Partial<HttpConnection> = {}): HttpConnection => ({
  id: 'h',
  name: 'h',
  transport: 'http',
  url,
  headers: {},
  mode: 'streamable',
  ...extra,
});

async function open(conn: HttpConnection | ReturnType<typeof everythingServer>): Promise<Session> {
  const s = sessionFor(`h${sessions.length}`, conn, { protocolVersion: '2025-11-25', clientCapabilities: {} });
  sessions.push(s);
  await s.start();
  return s;
}

const rules = (s: Session) => analyze([...s.frames()]).annotations.map((a) => a.rule);

describe('HTTP session probes', () => {
  it('records the probe exchanges in the session trace, where the analyser annotates them', async () => {
    const server = await startEverything('streamableHttp');
    servers.push(server);
    const s = await open(http(server.url));
    expect(s.summary().status).toBe('ready');
    const before = s.frames().length;
    const findings = await s.probe();
    expect(findings.map((f) => [f.rule, f.verdict])).toEqual([
      ['http.origin-not-validated', 'fail'],
      ['http.unknown-session-status', 'fail'],
    ]);
    const probeFrames = s
      .frames()
      .slice(before)
      .filter((f) => f.lane === 'http' && f.meta?.stream === 'probe');
    expect(probeFrames.length).toBeGreaterThanOrEqual(6);
    expect(s.frames().map((f) => f.seq)).toEqual(s.frames().map((_, i) => i + 1));
    expect(rules(s)).toEqual(expect.arrayContaining(['http.origin-not-validated', 'http.unknown-session-status']));
    // The session itself is untouched by the probes.
    expect(await s.request('tools/list', undefined)).toHaveProperty('tools');
  });

  it('refuses to probe a stdio session, saying why', async () => {
    const s = await open(everythingServer());
    await expect(s.probe()).rejects.toThrow(/does not run over HTTP/);
  });
});

describe('HTTP session expiry', () => {
  it('marks the summary expired on a 404, and re-initializes on the same trace', async () => {
    const server = await startFixture('http-expiring');
    servers.push(server);
    const s = await open(http(server.url));
    expect(s.summary().status).toBe('ready');
    await s.request('tools/list', undefined);
    await expect(s.request('tools/list', undefined)).rejects.toThrow(/404|expired/);
    expect(s.summary().expired).toEqual({ sessionId: 'exp-1', exchange: expect.any(Number) });
    expect(s.frames().some((f) => f.lane === 'lifecycle' && f.meta?.event === 'session-expired')).toBe(true);

    await s.reinitialize();
    expect(s.summary()).toMatchObject({ status: 'ready', negotiatedVersion: '2025-11-25' });
    expect(s.summary().expired).toBeUndefined();
    expect(await s.request('tools/list', undefined)).toEqual({ tools: [] });
    const inits = s.frames().filter((f) => f.lane === 'message' && f.dir === 'c2s' && f.raw.includes('"initialize"'));
    expect(inits).toHaveLength(2);
    const posts = s.frames().filter((f) => f.lane === 'http' && f.meta?.phase === 'request');
    expect(sentHeader(posts.at(-1), 'Mcp-Session-Id')).toBe('exp-2');
    expect(rules(s).filter((r) => r.startsWith('lifecycle.') || r.startsWith('jsonrpc.'))).toEqual([]);
  });
});

describe('HTTP connection timeouts', () => {
  it("bounds a server that never answers by the connection's own request timeout, with a clear error", async () => {
    const server = await startFixture('http-silent');
    servers.push(server);
    const started = Date.now();
    const s = await open(http(server.url, { timeouts: { requestMs: 400 } }));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(s.summary().status).toBe('failed');
    expect(s.summary().error).toMatch(/no answer within 400 ms.*raise the request timeout/);
    const closing = Date.now();
    await s.close();
    expect(Date.now() - closing).toBeLessThan(2_000);
  });
});

describe("the HTTP transport's response timeout", () => {
  it("follows the session's request timeout when the connection sets none, so a slow answer in one body is not cut short", () => {
    const conn = http('http://127.0.0.1:1/mcp', { options: { settings: { requestTimeoutMs: 45_000 } } });
    expect(urlTransportOptions(conn, {}).requestTimeoutMs).toBe(45_000);
    // Without settings, the client's own wait (60 s by default, or what the CLI's --timeout gave).
    expect(urlTransportOptions(http('http://127.0.0.1:1/mcp'), {}).requestTimeoutMs).toBe(60_000);
    expect(urlTransportOptions(http('http://127.0.0.1:1/mcp'), { requestTimeoutMs: 90_000 }).requestTimeoutMs).toBe(90_000);
  });
});

describe('an answer that can no longer come', () => {
  it("fails the handshake as soon as the POST's event stream ends without the answer and with no event id, saying so", async () => {
    // The session's own timeouts are far longer than this test's: only the stream's end can fail it in time.
    const server = await startFixture('http-doctor');
    servers.push(server);
    const s = await open(http(server.url.replace(/\/mcp$/, '/no-answer/mcp')));
    expect(s.summary().status).toBe('failed');
    expect(s.summary().error).toMatch(/no answer to initialize .*event stream ended before the answer, with no event id to resume from/);
    const notes = s.frames().flatMap((f) => (f.lane === 'http' && f.meta && 'note' in f.meta && typeof f.meta.note === 'string' ? [f.meta.note] : []));
    expect(notes).toContainEqual(expect.stringContaining('with no event id to resume from: the request fails now'));
  }, 15_000);
});
