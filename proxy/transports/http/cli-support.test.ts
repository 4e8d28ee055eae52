import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../../lib/mcp/frame';
import { analyze } from '../../../lib/analyze';
import { appendProbes, httpConnectionFromFlags } from './cli-support';
import { startFixture, type RunningServer } from './testing';

describe('httpConnectionFromFlags', () => {
  it('builds a connection from --url and --header lines', () => {
    const c = httpConnectionFromFlags('http://127.0.0.1:3001/mcp', ['Authorization: Bearer abc: def', 'X-Trace:1'], 'streamable');
    expect(c).toMatchObject({
      transport: 'http',
      url: 'http://127.0.0.1:3001/mcp',
      mode: 'streamable',
      headers: { Authorization: 'Bearer abc: def', 'X-Trace': '1' },
    });
  });

  it('says what to fix', () => {
    expect(() => httpConnectionFromFlags('localhost:3001')).toThrow(/must be http:\/\/ or https:\/\//);
    expect(() => httpConnectionFromFlags('not a url')).toThrow(/is not a URL/);
    expect(() => httpConnectionFromFlags('http://h/mcp', ['Authorization Bearer x'])).toThrow(/is not "Name: value"/);
    expect(() => httpConnectionFromFlags('http://h/mcp', [], 'websocket')).toThrow(/--mode must be one of streamable, sse, auto/);
  });
});

describe('appendProbes', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startFixture('http-unknown-session');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('continues the trace with the probe frames, linked and annotated', async () => {
    const frames: Frame[] = [{ seq: 1, ts: 5_000, dir: 'local', lane: 'lifecycle', raw: 'connect', size: 7, meta: { transport: 'http', event: 'connect' } }];
    const findings = await appendProbes(frames, { url: server.url, headers: {} });
    expect(findings.map((f) => f.verdict)).toEqual(['pass', 'fail']);
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
    expect(frames.slice(1).every((f) => f.ts > 5_000)).toBe(true);
    for (const f of findings) expect(frames[f.exchange - 1].meta).toMatchObject({ phase: 'request', probe: f.probe });
    expect(analyze(frames).annotations.map((a) => a.rule)).toEqual(['http.unknown-session-status']);
  });
});
