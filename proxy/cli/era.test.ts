/** --era in the commands that connect: record, check and client speak the era they are told to. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFixture, type RunningServer } from '../transports/http/testing';
import { EVERYTHING, fixture, runCli, tempDir } from './shared/run-cli';
import { MODERN_EXPECTED_RULES } from '../../e2e/fixtures/servers/expected-rules';

interface CheckReport {
  annotations: Array<{ rule: string; severity: string; message: string }>;
}

type Msg = { method?: string; params?: { _meta?: Record<string, unknown> } };
const sentMessages = (file: string): Msg[] =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l))
    .filter((f) => f.dir === 'c2s' && f.lane === 'message')
    .map((f) => JSON.parse(f.raw) as Msg);

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

describe('--era', () => {
  it('record --era modern discovers with server/discover and sends the envelope on every request', async () => {
    const out = path.join(tempDir(), 'modern.ndjson');
    const r = await runCli(['record', '--era', 'modern', '--out', out, '--', ...fixture('modern-only')]);
    expect(r.code, r.stderr).toBe(0);
    const sent = sentMessages(out);
    expect(sent.map((m) => m.method)).toEqual(['server/discover', 'tools/list', 'resources/list', 'resources/templates/list']);
    for (const m of sent) expect(m.params?._meta?.['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  }, 60_000);

  it('record --era auto probes server-everything, then falls back to initialize', async () => {
    const out = path.join(tempDir(), 'auto.ndjson');
    const r = await runCli(['record', '--era', 'auto', '--out', out, '--', ...EVERYTHING]);
    expect(r.code, r.stderr).toBe(0);
    expect(
      sentMessages(out)
        .map((m) => m.method)
        .slice(0, 3),
    ).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
  }, 60_000);

  it('without --era, a modern-only server fails and the message says which era to choose', async () => {
    const out = path.join(tempDir(), 'legacy.ndjson');
    const r = await runCli(['record', '--out', out, '--', ...fixture('modern-only')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/-32022|Unsupported protocol version/);
    expect(r.stderr).toMatch(/choose the era modern or auto \(--era/);
  }, 60_000);

  it('check --era modern judges a modern server over Streamable HTTP; client --era too', async () => {
    const server = await startFixture('modern-only', ['--http']);
    servers.push(server);
    const check = await runCli(['check', '--era', 'modern', '--format', 'json', '--url', server.url]);
    expect(check.stderr).not.toMatch(/handshake failed|discover failed/);
    expect(check.code, check.stdout).toBe(0);
    const legacy = await runCli(['check', '--format', 'json', '--url', server.url]);
    expect(legacy.code).not.toBe(0);
    const out = path.join(tempDir(), 'client.ndjson');
    const client = await runCli(['client', '--era', 'modern', '--out', out, '--no-redact', server.url]);
    expect(client.stderr).not.toMatch(/failed/);
    expect(sentMessages(out)[0].method).toBe('server/discover');
  }, 60_000);

  it('check --era modern over stdio: the modern-only server passes with nothing above info', async () => {
    const r = await runCli(['check', '--era', 'modern', '--format', 'json', '--timeout', '5000', '--', ...fixture('modern-only')]);
    expect(r.stderr).not.toMatch(/handshake failed|discover failed/);
    const report: CheckReport = JSON.parse(r.stdout);
    expect(report.annotations.filter((a) => a.severity !== 'info').map((a) => `${a.rule}: ${a.message}`)).toEqual([]);
    expect(r.code, r.stdout).toBe(0);
  }, 60_000);

  it('check --era modern over stdio fails a server that breaks a modern rule, and names the rule', async () => {
    const { name, rule, script } = MODERN_EXPECTED_RULES.find((e) => e.name === 'bad-modern-result-type')!;
    const file = path.join(tempDir(), 'script.json');
    writeFileSync(file, JSON.stringify(script));
    const r = await runCli(['check', '--era', 'modern', '--timeout', '5000', '--script', file, '--', ...fixture(name)]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toContain(rule);
    const json = await runCli(['check', '--era', 'modern', '--format', 'json', '--timeout', '5000', '--script', file, '--', ...fixture(name)]);
    const report: CheckReport = JSON.parse(json.stdout);
    expect(report.annotations.filter((a) => a.severity === 'error').map((a) => a.rule)).toEqual([rule]);
    expect(json.code).toBe(1);
  }, 60_000);

  it('refuses an unknown era with a usage error', async () => {
    const r = await runCli(['record', '--era', 'newest', '--out', path.join(tempDir(), 'x.ndjson'), '--', ...EVERYTHING]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--era must be one of legacy, modern, auto; got 'newest'");
  });
});
