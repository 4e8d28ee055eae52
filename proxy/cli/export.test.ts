import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { golden, runCli, tempFiles } from './shared/run-cli';

const TOKEN = 'tok-3e1f5a7c9b2d4f6a8c0e';
const ENV_SECRET = 'envsecret-8d7c6b5a4f3e2d1c';

/** The golden trace with a token planted in a tool call's body and an env value on stderr. */
function planted(): string {
  const lines = golden('everything-stdio.v1.loupe.ndjson').trimEnd().split('\n');
  const last = JSON.parse(lines[lines.length - 1]);
  const call = JSON.stringify({
    jsonrpc: '2.0',
    id: 99,
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: `Authorization: Bearer ${TOKEN}` } },
  });
  lines.push(JSON.stringify({ seq: last.seq + 1, ts: last.ts + 1, dir: 'c2s', lane: 'message', raw: call, size: call.length }));
  lines.push(JSON.stringify({ seq: last.seq + 2, ts: last.ts + 2, dir: 's2c', lane: 'stderr', raw: `using ${ENV_SECRET}`, size: 30 }));
  return lines.join('\n') + '\n';
}

describe('loupe export', () => {
  const dir = tempFiles({ 'in.ndjson': planted() });
  const f = (n: string) => path.join(dir, n);
  const env = { MY_API_TOKEN: ENV_SECRET };

  it('redacts by default: no planted secret in any written byte', async () => {
    const r = await runCli(['export', f('in.ndjson'), '--env', 'MY_API_TOKEN', '--out', f('out.ndjson')], { env });
    expect(r.code).toBe(0);
    const text = readFileSync(f('out.ndjson'), 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(ENV_SECRET);
    expect(text).toContain('«redacted:env:MY_API_TOKEN»');
    expect(JSON.parse(text.split('\n')[0]).redaction.count).toBe(2);
    for (const to of ['har', 'otlp', 'mermaid']) {
      const o = await runCli(['export', f('in.ndjson'), '--to', to, '--env', 'MY_API_TOKEN'], { env });
      expect(o.code).toBe(0);
      expect(o.stdout).not.toContain(TOKEN);
    }
  });

  it('previews what it would redact without writing', async () => {
    const r = await runCli(['export', f('in.ndjson'), '--preview', '--env', 'MY_API_TOKEN'], { env });
    expect(r.stdout).toMatch(/frame 31 {2}raw {2}bearer {2}tok-… \(24 chars\)/);
    expect(r.stdout).toMatch(/frame 32 {2}raw {2}env:MY_API_TOKEN/);
    expect(r.stdout).not.toContain(TOKEN);
  });

  it('keeps secrets only when redaction is explicitly turned off', async () => {
    const r = await runCli(['export', f('in.ndjson'), '--no-redact'], { env });
    expect(r.stdout).toContain(TOKEN);
    expect(r.stderr).toMatch(/redaction is off/);
  });

  it('exports a seq range, and refuses bad usage with exit 2', async () => {
    const r = await runCli(['export', f('in.ndjson'), '--from-seq', '2', '--to-seq', '5']);
    const lines = r.stdout.trim().split('\n');
    expect(lines.slice(1).map((l) => JSON.parse(l).seq)).toEqual([2, 3, 4, 5]);
    expect(JSON.parse(lines[0]).selection).toEqual({ kind: 'frames', fromSeq: 2, toSeq: 5 });
    expect((await runCli(['export', f('in.ndjson'), '--to', 'pdf'])).code).toBe(2);
    expect((await runCli(['export', f('in.ndjson'), '--redact-regex', '('])).code).toBe(2);
    expect((await runCli(['export', f('in.ndjson'), '--to', 'har', '--format', 'otlp'])).code).toBe(2);
  });

  it('says on stderr, and in the file, why the HAR of a stdio trace is empty', async () => {
    const r = await runCli(['export', f('in.ndjson'), '--format', 'har', '--out', f('out.har')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'loupe export: the HAR has no entries. This session ran over stdio, so it has no HTTP exchanges: HAR records HTTP requests and responses only',
    );
    const har = JSON.parse(readFileSync(f('out.har'), 'utf8')) as { log: { entries: unknown[]; comment?: string } };
    expect(har.log.entries).toEqual([]);
    expect(har.log.comment).toMatch(
      /^This session ran over stdio, so it has no HTTP exchanges: HAR records HTTP requests and responses only; the \d+ messages are in the Loupe trace/,
    );
  });
});
