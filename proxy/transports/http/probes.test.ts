import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../../../lib/analyze';
import { createHttpTransport } from './index';
import { FOREIGN_ORIGIN, probeServer } from './probes';
import { FrameLog, meta, MiniClient, startEverything, startFixture, testClock, sentHeader, type RunningServer } from './testing';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

describe('probeServer', () => {
  it('finds the 400 for an unknown session and passes a server that refuses a foreign Origin', async () => {
    const server = await startFixture('http-unknown-session');
    running.push(server);
    const log = new FrameLog();
    const report = await probeServer(server.url, { Authorization: 'Bearer x' }, { clock: testClock, record: log.sink });
    expect(report.crossings).toEqual([]);
    const byProbe = Object.fromEntries(report.findings.map((f) => [f.probe, f]));
    expect(byProbe.origin).toMatchObject({ verdict: 'pass', status: 403, rule: 'http.origin-not-validated' });
    expect(byProbe['unknown-session']).toMatchObject({ verdict: 'fail', status: 400, rule: 'http.unknown-session-status' });
    expect(byProbe['unknown-session'].message).toMatch(/loupe-probe-[0-9a-f]{16} with 400, not 404/);
    // Everything is in the http lane, annotated on the end frames; nothing in the message lane.
    expect(log.messages()).toEqual([]);
    const ends = log.http('end').filter((f) => meta(f).verdict !== undefined);
    expect(ends.map((f) => [meta(f).probe, meta(f).verdict])).toEqual([
      ['origin', 'pass'],
      ['unknown-session', 'fail'],
    ]);
    // The baseline (same initialize, no foreign Origin) came first and its session was ended.
    const requests = log.http('request');
    expect(requests.map((f) => [meta(f).probe, meta(f).method])).toEqual([
      ['baseline', 'POST'],
      ['baseline', 'DELETE'],
      ['origin', 'POST'],
      ['unknown-session', 'POST'],
    ]);
    expect(sentHeader(requests[0], 'Origin')).toBeUndefined();
    const originReq = requests[2];
    expect(sentHeader(originReq, 'Origin')).toBe(FOREIGN_ORIGIN);
    expect(sentHeader(originReq, 'Authorization')).toBe('Bearer x');
    expect(originReq.raw).toContain('"method":"initialize"');
  });

  it('finds that server-everything accepts a foreign Origin, and cleans up the session it opened', async () => {
    const server = await startEverything('streamableHttp');
    running.push(server);
    const report = await probeServer(server.url, {});
    const origin = report.findings.find((f) => f.probe === 'origin')!;
    expect(origin).toMatchObject({ verdict: 'fail', status: 200 });
    const del = report.crossings.find((c) => c.lane === 'http' && c.meta?.phase === 'request' && c.meta.method === 'DELETE');
    expect(del).toBeDefined();
  });
});

describe('probeServer against a server behind a token, which issues no session id', () => {
  it('does not count a 401 to everyone as Origin validation, and does not ask about sessions', async () => {
    const server = await startFixture('http-needs-token');
    running.push(server);
    const log = new FrameLog();
    const report = await probeServer(server.url, {}, { clock: testClock, record: log.sink });
    const byProbe = Object.fromEntries(report.findings.map((f) => [f.probe, f]));
    expect(byProbe.origin).toMatchObject({ verdict: 'inconclusive', status: 401 });
    expect(byProbe.origin.message).toMatch(/without it with 401 \(it wants credentials/);
    expect(byProbe['unknown-session']).toMatchObject({
      verdict: 'inconclusive',
      message: expect.stringMatching(/^not sent: the initialize to compare with was refused \(401\)/),
    });
    expect(log.http('request').map((f) => meta(f).probe)).toEqual(['baseline', 'origin']);
    expect(analyze(log.frames).annotations.filter((a) => a.group === 'http')).toEqual([]);
  });

  it('with the token: finds the foreign Origin accepted, and skips the session probe on a stateless server', async () => {
    const server = await startFixture('http-needs-token');
    running.push(server);
    const log = new FrameLog();
    const report = await probeServer(server.url, { Authorization: 'Bearer let-me-in' }, { clock: testClock, record: log.sink });
    const byProbe = Object.fromEntries(report.findings.map((f) => [f.probe, f]));
    expect(byProbe.origin).toMatchObject({ verdict: 'fail', status: 200 });
    expect(byProbe['unknown-session']).toMatchObject({ verdict: 'inconclusive', message: expect.stringContaining('issues no Mcp-Session-Id') });
    expect(log.http('request').map((f) => meta(f).probe)).toEqual(['baseline', 'origin']);
    expect(
      analyze(log.frames)
        .annotations.filter((a) => a.group === 'http')
        .map((a) => a.rule),
    ).toEqual(['http.origin-not-validated']);
  });
});

describe('HttpTransport.probe', () => {
  it('records the probes in the session trace, where only their verdicts are annotated', async () => {
    const server = await startFixture('http-unknown-session');
    running.push(server);
    const log = new FrameLog();
    const t = createHttpTransport({ url: server.url, headers: {}, mode: 'auto' }, testClock);
    t.onCrossing = log.sink;
    const client = new MiniClient(t);
    await t.start();
    await client.handshake();
    const report = await t.probe();
    expect(report.findings.map((f) => [f.probe, f.verdict])).toEqual([
      ['origin', 'pass'],
      ['unknown-session', 'fail'],
    ]);
    await client.request('tools/list');
    await t.close();
    for (const f of report.findings) expect(log.frames[f.exchange - 1].meta).toMatchObject({ phase: 'request', probe: f.probe });
    const found = analyze(log.frames).annotations.filter((a) => a.group === 'http');
    expect(found.map((a) => a.rule)).toEqual(['http.unknown-session-status']);
  });
});

describe('the probes of an HTTP+SSE session', () => {
  async function probedSession(server: RunningServer) {
    const log = new FrameLog();
    const t = createHttpTransport({ url: server.url, headers: {}, mode: 'sse' }, testClock);
    t.onCrossing = log.sink;
    const client = new MiniClient(t);
    await t.start();
    await client.handshake();
    const live = t.sessionId();
    const before = log.frames.length;
    const report = await t.probe();
    // The live session still works, and the probes put nothing in it.
    await client.request('tools/list');
    await t.close();
    const added = log.frames.slice(before);
    return {
      log,
      live,
      report,
      probeFrames: added.filter((f) => f.lane === 'http' && meta(f).stream === 'probe'),
      others: added.filter((f) => !(f.lane === 'http' && meta(f).stream === 'probe')),
    };
  }

  it('use connections of their own on server-everything: no frame in the live session, only the finding it earned', async () => {
    const server = await startEverything('sse');
    running.push(server);
    const { log, live, report, probeFrames, others } = await probedSession(server);
    expect(live).toBeDefined();
    const byProbe = Object.fromEntries(report.findings.map((f) => [f.probe, f]));
    expect(byProbe.origin).toMatchObject({ verdict: 'fail', status: 202 });
    expect(byProbe.origin.message).toContain('an SSE connection and an initialize');
    expect(byProbe['unknown-session'].verdict).toBe('inconclusive');
    expect(byProbe['unknown-session'].message).toMatch(/\?sessionId=loupe-probe-[0-9a-f]{16}/);
    const requests = probeFrames.filter((f) => meta(f).phase === 'request');
    // Every probe opened its own stream on the SSE URL and posted only to the endpoint it was given.
    expect(requests.map((f) => [meta(f).probe, meta(f).method])).toEqual([
      ['baseline', 'GET'],
      ['baseline', 'POST'],
      ['origin', 'GET'],
      ['origin', 'POST'],
      ['unknown-session', 'POST'],
    ]);
    for (const f of requests) {
      expect(sentHeader(f, 'Mcp-Session-Id')).toBeUndefined();
      expect(String(meta(f).url)).not.toContain(live!);
    }
    // What the server answered on the probes' own streams is in the http lane, never a message.
    expect(probeFrames.some((f) => meta(f).phase === 'end' && f.raw.includes('"loupe-probe-origin"'))).toBe(true);
    expect(others.filter((f) => f.lane === 'message' && f.raw.includes('loupe-probe'))).toEqual([]);
    const rules = analyze(log.frames).annotations.map((a) => a.rule);
    expect(rules.filter((r) => r.startsWith('http.') || r.startsWith('jsonrpc.'))).toEqual(['http.origin-not-validated']);
  }, 30_000);

  it('pass a server that refuses a foreign Origin at the connection and answers 404 for an unknown ?session_id=', async () => {
    const server = await startFixture('http-sse-strict');
    running.push(server);
    const { log, report, probeFrames } = await probedSession(server);
    const byProbe = Object.fromEntries(report.findings.map((f) => [f.probe, f]));
    expect(byProbe.origin).toMatchObject({ verdict: 'pass', status: 403 });
    expect(byProbe['unknown-session']).toMatchObject({ verdict: 'pass', status: 404 });
    expect(byProbe['unknown-session'].message).toMatch(/\?session_id=loupe-probe-/);
    expect(probeFrames.filter((f) => meta(f).phase === 'request').map((f) => [meta(f).probe, meta(f).method])).toEqual([
      ['baseline', 'GET'],
      ['baseline', 'POST'],
      ['origin', 'GET'],
      ['unknown-session', 'POST'],
    ]);
    expect(analyze(log.frames).annotations.filter((a) => a.rule.startsWith('http.') || a.rule.startsWith('jsonrpc.'))).toEqual([]);
  }, 30_000);
});
