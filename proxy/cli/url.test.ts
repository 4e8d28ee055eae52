/** `loupe check` and `loupe record` against HTTP servers by --url. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEverything, startFixture, type RunningServer } from '../transports/http/testing';
import { runCli, tempDir } from './shared/run-cli';

interface JsonReport {
  annotations: Array<{ rule: string; severity: string; frame: number; message: string }>;
}

let everything: RunningServer;
let unknownSession: RunningServer;
beforeAll(async () => {
  [everything, unknownSession] = await Promise.all([startEverything('streamableHttp'), startFixture('http-unknown-session')]);
});
afterAll(async () => {
  await everything?.stop();
  await unknownSession?.stop();
});

const rules = (stdout: string) => (JSON.parse(stdout) as JsonReport).annotations.map((a) => a.rule);

describe('loupe check --url', () => {
  it('checks server-everything over Streamable HTTP: no http.* findings without --probe', async () => {
    const r = await runCli([
      'check',
      '--format',
      'json',
      '--fail-on',
      'warning',
      '--url',
      everything.url,
      '--mode',
      'streamable',
      '--header',
      'X-Loupe-Test: 1',
    ]);
    expect(r.stderr).toBe('');
    expect(rules(r.stdout).filter((x) => x.startsWith('http.'))).toEqual([]);
  });

  it('with --probe, annotates the foreign Origin that server-everything accepts', async () => {
    const r = await runCli(['check', '--format', 'json', '--url', everything.url, '--probe']);
    expect(r.code).toBe(1);
    expect(rules(r.stdout)).toEqual(expect.arrayContaining(['http.origin-not-validated', 'http.unknown-session-status']));
  });

  it('with --probe, annotates the fixture that answers an unknown session with 400 (and passes its Origin check)', async () => {
    const r = await runCli(['check', '--format', 'json', '--fail-on', 'warning', '--url', unknownSession.url, '--mode', 'streamable', '--probe']);
    expect(r.code).toBe(1);
    const found = (JSON.parse(r.stdout) as JsonReport).annotations.filter((a) => a.rule.startsWith('http.'));
    expect(found.map((a) => a.rule)).toEqual(['http.unknown-session-status']);
    expect(found[0].message).toMatch(/400/);
  });

  it('says what to fix for bad flags, with exit 2', async () => {
    const bad = await runCli(['check', '--url', 'localhost:1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--url must be http:\/\/ or https:\/\//);
    const mode = await runCli(['check', '--url', everything.url, '--mode', 'websocket']);
    expect(mode.stderr).toMatch(/streamable, sse, auto/);
    const probe = await runCli(['check', '--probe', '--', 'node', '-e', '0']);
    expect(probe.stderr).toMatch(/--probe tests an HTTP server: use it with --url/);
    const down = await runCli(['check', '--url', 'http://127.0.0.1:9/mcp', '--mode', 'streamable']);
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/could not reach the server: .*POST http:\/\/127\.0\.0\.1:9\/mcp failed/);
    const both = await runCli(['check', '--url', everything.url, '--', 'node', 'x.js']);
    expect(both.stderr).toMatch(/either a server command after -- or --url, not both/);
  });
});

describe('loupe record --url', () => {
  it('records server-everything over HTTP with the http lane, and keeps --header values out of the file', async () => {
    const out = path.join(tempDir(), 'http.ndjson');
    const r = await runCli(['record', '--out', out, '--url', everything.url, '--header', 'Authorization: Bearer rec-s3cret-value']);
    expect(r.stderr).toMatch(/^(loupe record: redacted \d+ secret-looking values.*\n)?$/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/recorded \d+ frames from mcp-servers\/everything/);
    const text = readFileSync(out, 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { lane?: string; meta?: { phase?: string; method?: string }; target?: { url?: string } });
    expect(lines[0].target?.url).toBe(everything.url);
    expect(lines.some((f) => f.lane === 'http' && f.meta?.phase === 'request' && f.meta.method === 'DELETE')).toBe(true);
    expect(text).not.toContain('rec-s3cret-value');
  });
});
