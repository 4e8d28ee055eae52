/**
 * `loupe check FILE` streams the file: findings point at the frame's real line (a selection that
 * skips seqs, a blank line), frames are redacted as they stream unless the header says Loupe
 * redacted them already, and a bad line anywhere stops the check with its number. Run in process.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from '../check';
import type { Frame } from '../../../lib/mcp/frame';
import { writeTrace } from '../../../lib/trace';
import { header } from '../../../lib/trace/testing';
import { tempDir } from '../shared/run-cli';

/** Every rule a check of a file runs, as a recording's header lists them. */
const RULES = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'header-line',
  'bearer',
  'openai-key',
  'github-token',
  'slack-token',
  'aws-access-key',
  'jwt',
  'oauth-form-secret',
  'url-secret-param',
  'secret-assignment',
  'secret-field',
  'env',
  'header',
  'url',
  'arg',
];
const SECRET = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const stderr = (seq: number, raw: string): Frame => ({ seq, ts: seq * 1000, dir: 's2c', lane: 'stderr', raw, size: raw.length });
const json = (seq: number, dir: 'c2s' | 's2c', value: unknown): Frame => {
  const raw = JSON.stringify(value);
  return { seq, ts: seq * 1000, dir, lane: 'message', raw, size: raw.length };
};

async function check(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
  const code = await run(args);
  vi.restoreAllMocks();
  return { code, out, err };
}

afterEach(() => {
  vi.restoreAllMocks();
});

function file(text: string): string {
  const f = path.join(tempDir(), 'trace.loupe.ndjson');
  writeFileSync(f, text);
  return f;
}

describe('loupe check FILE', () => {
  it('points SARIF results at the lines their frames are on, past blank lines and skipped seqs', async () => {
    const frames = [json(1, 'c2s', { jsonrpc: '2.0', id: 1, method: 'tools/list' }), stderr(4, 'starting'), stderr(5, 'still starting'), stderr(9, 'ready')];
    const [head, ...rest] = writeTrace({ header: header(), frames }).trimEnd().split('\n');
    const f = file([head, rest[0], '', rest[1], rest[2], '', '', rest[3]].join('\n') + '\n');
    const r = await check([f, '--format', 'sarif']);
    const lines = readFileSync(f, 'utf8').split('\n');
    const results = JSON.parse(r.out).runs[0].results as Array<{
      locations: [{ physicalLocation: { region: { startLine: number } }; logicalLocations: [{ name: string }] }];
    }>;
    expect(results.length).toBeGreaterThanOrEqual(3);
    for (const result of results) {
      const seq = Number(result.locations[0].logicalLocations[0].name.replace('frame #', ''));
      expect(JSON.parse(lines[result.locations[0].physicalLocation.region.startLine - 1]).seq).toBe(seq);
    }
  });

  it('redacts frames as they stream, and quotes a trace Loupe already redacted as it is', async () => {
    const frames = [stderr(1, `Error: OPENAI_API_KEY=${SECRET} was refused`)];
    const plain = await check([file(writeTrace({ header: header(), frames })), '--format', 'json']);
    expect(plain.out).toContain('stdio.stderr');
    expect(plain.out).not.toContain(SECRET);
    expect((await check([file(writeTrace({ header: header(), frames })), '--format', 'json', '--no-redact'])).out).toContain(SECRET);
    // The header says every rule ran: the frames are quoted as written (here, on purpose, not redacted).
    const redaction = { rules: RULES, count: 0 };
    expect((await check([file(writeTrace({ header: header({ redaction }), frames })), '--format', 'json'])).out).toContain(SECRET);
  });

  it('lists the first findings of a rule, counts them all, fails on them and accepts them all from its own baseline', async () => {
    const banner = (seq: number): Frame => ({ seq, ts: seq * 1000, dir: 's2c', lane: 'message', raw: `starting ${seq}`, size: 10 });
    const f = file(writeTrace({ header: header(), frames: Array.from({ length: 300 }, (_, i) => banner(i + 1)) }));
    const text = await check([f]);
    expect(text.code).toBe(1);
    expect(text.out).toContain('Errors (300)');
    expect(text.out).toContain('… and 250 more stdio.non-json-line (the first 50 are listed)');
    expect(text.out).toContain('(and 299 more like it)');
    const json = await check([f, '--format', 'json']);
    const report = JSON.parse(json.out);
    expect(report.annotations).toHaveLength(50);
    expect(report.rules['stdio.non-json-line']).toMatchObject({ count: 300, listed: 50 });
    expect(report.failing).toBe(300);
    const baseline = path.join(tempDir(), 'baseline.json');
    writeFileSync(baseline, json.out);
    const again = await check([f, '--format', 'json', '--baseline', baseline]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out).rules['stdio.non-json-line']).toMatchObject({ count: 0, baselined: 300, baselinedListed: 50 });
  });

  it('stops at a bad line late in the file, with its number', async () => {
    const frames = Array.from({ length: 3000 }, (_, i) => stderr(i + 1, `line ${i}`));
    const text = writeTrace({ header: header(), frames }) + '{"seq":3001, oops\n';
    const r = await check([file(text), '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/is not a trace Loupe can read: line 3002: not valid JSON/);
    expect(r.out).toBe('');
  });
});
