/**
 * The test kit's evidence of a red test holds no secret: a kit project whose one test fails on
 * purpose (e2e/fixtures/kit-redaction, against a server that prints and echoes secrets) is run as
 * a Playwright process of its own, and what it leaves is read here: the page's text when the kit
 * took its Sequence picture, Playwright's error-context.md (the page snapshot taken when the
 * test's browser context closes), and the attached trace. Each must show the redaction markers
 * and none of the planted secrets, while the live page before the failure showed them.
 */
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './support/loupe';
import { PLANTED } from './fixtures/kit-redaction/planted';

const PROJECT = path.join(repoRoot, 'e2e/fixtures/kit-redaction');

function run(outDir: string, report: string): Promise<{ code: number | null; output: string }> {
  const cli = path.join(repoRoot, 'node_modules/@playwright/test/cli.js');
  const child = spawn(process.execPath, [cli, 'test', '-c', path.join(PROJECT, 'playwright.config.ts'), '--output', outDir], {
    cwd: PROJECT,
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: report, LOUPE_CHROMIUM: process.env.LOUPE_CHROMIUM ?? '/usr/bin/chromium' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => path.basename(f) === name)
    .map((f) => path.join(dir, f));
}

function secretsIn(text: string): string[] {
  return Object.entries(PLANTED)
    .filter(([, secret]) => text.includes(secret))
    .map(([where]) => where);
}

interface ReportAttachment {
  name: string;
  path?: string;
  body?: string;
}

test('a red kit test attaches a picture and a page snapshot of the redacted view, with no secret', async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-kit-redaction-'));
  try {
    const outDir = path.join(dir, 'results');
    const report = path.join(dir, 'report.json');
    const { code, output } = await run(outDir, report);
    expect(code, output).toBe(1);
    const json = JSON.parse(readFileSync(report, 'utf8'));
    expect(json.stats, output).toMatchObject({ expected: 0, unexpected: 1 });

    // The planting works: the live page showed secrets before the test failed.
    const [live] = filesNamed(outDir, 'live-text.txt');
    expect(secretsIn(readFileSync(live, 'utf8')).length, 'the live page shows planted secrets').toBeGreaterThan(0);

    // The kit took its Sequence picture of the redacted view, and the page then held no secret.
    const attachments: ReportAttachment[] = json.suites.flatMap(
      (s: { specs: Array<{ tests: Array<{ results: Array<{ attachments: ReportAttachment[] }> }> }> }) =>
        s.specs.flatMap((sp) => sp.tests.flatMap((t) => t.results.flatMap((r) => r.attachments))),
    );
    const names = attachments.map((a) => a.name);
    expect(names).toContain('loupe-sequence.png');
    expect(names).toContain('loupe-trace.ndjson');
    const [shot] = filesNamed(outDir, 'text-at-screenshot.json');
    const texts: string[] = JSON.parse(readFileSync(shot, 'utf8'));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).toContain('Redacted view');
      expect(text).toContain('«redacted:');
      expect(secretsIn(text)).toEqual([]);
    }

    // Playwright's page snapshot, taken after the kit's fixture ended, is of the same redacted view.
    const [context] = filesNamed(outDir, 'error-context.md');
    expect(context && existsSync(context), 'error-context.md was written').toBeTruthy();
    const snapshot = readFileSync(context, 'utf8');
    expect(snapshot).toContain('Redacted view');
    expect(snapshot).toContain('«redacted:');
    expect(secretsIn(snapshot)).toEqual([]);

    // The attached trace, as before.
    const trace = attachments.find((a) => a.name === 'loupe-trace.ndjson')!;
    const traceText = trace.path ? readFileSync(trace.path, 'utf8') : Buffer.from(trace.body ?? '', 'base64').toString('utf8');
    expect(traceText).toContain('«redacted:');
    expect(secretsIn(traceText)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
