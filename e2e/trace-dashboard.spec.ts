/**
 * Traces in the dashboard itself (not only the offline viewer): opening files by picker, by a drop
 * anywhere on the page and by `?trace=URL`, partial traces, and exporting a live session, whose
 * redaction runs in the proxy with the connection's real env values.
 */
import { test, expect, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LoupePage } from './pages/LoupePage';
import { repoRoot, startLoupe, type RunningLoupe, stopInBackground } from './support/loupe';
import { ensureOfflineViewer } from './support/viewer';

const goldenPath = path.join(repoRoot, 'e2e/golden/everything-stdio.v1.loupe.ndjson');
const goldenText = readFileSync(goldenPath, 'utf8');
const PART_SEQS = [14, 15, 18, 19, 24, 25];

/** What a selection export of the golden session looks like: its own seqs, with gaps. */
function partialTrace(): string {
  const [headerLine, ...frames] = goldenText.trimEnd().split('\n');
  const header = { ...JSON.parse(headerLine), selection: { kind: 'frames', fromSeq: 14, toSeq: 25 } };
  return [JSON.stringify(header), ...frames.filter((l) => PART_SEQS.includes(JSON.parse(l).seq))].join('\n') + '\n';
}

let loupe: RunningLoupe;
let files: Server;
let filesBase: string;
test.beforeAll(async () => {
  loupe = await startLoupe();
  files = createServer((req, res) => {
    const body = req.url === '/part.loupe.ndjson' ? partialTrace() : req.url === '/golden.loupe.ndjson' ? goldenText : undefined;
    res.writeHead(body === undefined ? 404 : 200, { 'access-control-allow-origin': '*', 'content-type': 'application/x-ndjson' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  stopInBackground(loupe);
  await new Promise<void>((r) => files.close(() => r()));
});

function withParam(url: string, key: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(key, value);
  return u.href;
}

async function view(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name }).click();
}

test('a trace picked in the sidebar opens in every view, recomputed offline', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar.getByLabel('Trace file', { exact: true }).setInputFiles(goldenPath);
  await expect(lp.status).toContainText('imported trace · 30 frames · offline');
  await expect(lp.traffic.row('request', 'prompts/get')).toBeVisible();

  await view(page, 'Sequence');
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  await expect(diagram.getByRole('option', { name: /tools\/list/ }).first()).toBeVisible();

  await view(page, 'Capabilities');
  await expect(page.getByRole('table', { name: 'Server capabilities' }).getByRole('row', { name: /^tools yes/ })).toHaveCount(1);

  await view(page, 'Timing');
  await expect(page.getByRole('table', { name: 'Latency by method' })).toContainText('resources/read');

  await view(page, 'Annotations');
  const expert = page.getByRole('region', { name: 'Expert info' });
  await expect(expert.getByRole('heading', { name: /Warnings \(1\)/ })).toBeVisible();
  await expect(expert).toContainText('no-such-tool');
  await lp.screenshot('trace-imported-dashboard');

  await expect(lp.status).toContainText('(server-everything · stdio · 2025-06-18)');
  await lp.status.getByRole('button', { name: 'Export…' }).click();
  const file = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Export trace' }).getByRole('button', { name: /^Save/ }).click();
  const again = readFileSync(await (await file).path(), 'utf8');
  const framesOf = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l));
  expect(framesOf(again)).toEqual(framesOf(goldenText));
});

test('a trace dropped anywhere on the dashboard opens; a bad one is refused with its line', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const drop = async (name: string, text: string) => {
    const dataTransfer = await page.evaluateHandle(
      ([t, n]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([t], n, { type: 'application/x-ndjson' }));
        return dt;
      },
      [text, name] as const,
    );
    const target = page.getByRole('main');
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
  };
  await drop('dropped.loupe.ndjson', goldenText);
  await expect(lp.sessionTabs.getByRole('tab', { name: /dropped\.loupe\.ndjson/ })).toBeVisible();
  await expect(lp.traffic.row('request', 'resources/list')).toBeVisible();
  await expect(lp.sessionTabs.getByRole('tab')).toHaveCount(1);

  await drop('broken.loupe.ndjson', goldenText.replace('"seq":7,', '"seq":7,,'));
  await expect(page.getByRole('list', { name: 'Notices' }).getByRole('alert')).toContainText('broken.loupe.ndjson was not opened: line 8: not valid JSON');
  await expect(lp.sessionTabs.getByRole('tab')).toHaveCount(1);
});

test('?trace=URL opens a partial trace (a selection, seqs with gaps) in the dashboard', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(withParam(loupe.url, 'trace', `${filesBase}/part.loupe.ndjson`));
  await expect(lp.sessionTabs.getByRole('tab', { name: /part\.loupe\.ndjson/ })).toBeVisible();
  await expect(lp.status).toContainText('part of a session: frames 14–25 · 6 frames');
  await expect.poll(async () => (await lp.traffic.all()).map((r) => r.seq)).toEqual(PART_SEQS);
  const call = await lp.traffic.expectRow('request', 'resources/read');
  expect(call.seq).toBe(18);
  expect(call.latency).toMatch(/^\d+(\.\d+)? ms$/);
  await lp.traffic.row('response', 'resources/read').click();
  await expect(lp.detail.getByRole('heading', { level: 3 })).toContainText('#19');

  await view(page, 'Sequence');
  await expect(page.getByRole('listbox', { name: 'Sequence diagram' }).getByRole('option')).toHaveCount(6);
  await view(page, 'Timing');
  await expect(page.getByRole('table', { name: 'Latency by method' })).toContainText('ping');
  // The handshake happened before these frames: the analyser does not blame the part for it.
  await view(page, 'Annotations');
  const expert = page.getByRole('region', { name: 'Expert info' });
  await expect(expert.getByRole('button', { name: /Errors \(0\)/ })).toBeVisible();
});

test('two traces open in the dashboard compare: a changed tool schema shows', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const after = goldenText
    .split('\n')
    .map((line) => {
      if (!line.includes('"seq":9,')) return line;
      const f = JSON.parse(line);
      const j = JSON.parse(f.raw);
      j.result.tools.find((t: { name: string }) => t.name === 'echo').inputSchema.properties.message.type = 'number';
      return JSON.stringify({ ...f, raw: JSON.stringify(j) });
    })
    .join('\n');
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-'));
  writeFileSync(path.join(dir, 'before.loupe.ndjson'), goldenText);
  writeFileSync(path.join(dir, 'after.loupe.ndjson'), after);
  const compare = lp.sidebar.getByRole('button', { name: 'Compare…' });
  await expect(compare).toBeDisabled();
  for (const name of ['before', 'after']) {
    await lp.sidebar.getByLabel('Trace file', { exact: true }).setInputFiles(path.join(dir, `${name}.loupe.ndjson`));
    await expect(lp.sessionTabs.getByRole('tab', { name: new RegExp(name) })).toBeVisible();
  }
  await compare.click();
  const dialog = page.getByRole('dialog', { name: 'Compare traces' });
  await dialog.getByRole('combobox', { name: 'Before' }).selectOption({ label: 'before.loupe.ndjson' });
  await dialog.getByRole('combobox', { name: 'After' }).selectOption({ label: 'after.loupe.ndjson' });
  await expect(dialog.getByRole('list', { name: 'Changes to echo' })).toContainText('inputSchema.properties.message.type "string" → "number"');
});

test('the offline viewer opens a partial trace too', async ({ page }) => {
  ensureOfflineViewer();
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-'));
  writeFileSync(path.join(dir, 'part.loupe.ndjson'), partialTrace());
  await page.goto(pathToFileURL(path.join(repoRoot, 'out/loupe-viewer.html')).href);
  await page.getByLabel('Trace file', { exact: true }).setInputFiles(path.join(dir, 'part.loupe.ndjson'));
  await expect(page.getByRole('tab', { name: /part\.loupe\.ndjson/ })).toBeVisible();
  await expect(page.getByText(/holds part of a session/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Session status' })).toContainText('part of a session: frames 14–25 · 6 frames');
  const grid = page.getByRole('grid', { name: 'Traffic' });
  await expect(grid.getByRole('gridcell', { name: 'ping', exact: true }).first()).toBeVisible();
  await expect(grid.getByRole('row').filter({ has: page.getByRole('gridcell') })).toHaveCount(6);
});

test.describe('exporting a live session', () => {
  const SECRET = 'planted-env-secret-5e7d9c1a3b';
  const server = path.join(repoRoot, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

  async function download(page: Page, configure?: () => Promise<void>): Promise<string> {
    await page.getByRole('region', { name: 'Session status' }).getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export trace' });
    if (configure) await configure();
    const save = dialog.getByRole('button', { name: /^Save/ });
    await expect(save).toBeEnabled();
    const file = page.waitForEvent('download');
    await save.click();
    return readFileSync(await (await file).path(), 'utf8');
  }

  test('a secret in the connection env, echoed by the server, is in no exported byte unless the person opts out', async ({ page }) => {
    test.setTimeout(90_000);
    const lp = new LoupePage(page);
    await lp.open(loupe.url);
    await lp.addConnection({ name: 'planted', command: process.execPath, args: [server, 'stdio'], env: { SERVICE_API_TOKEN: SECRET } });
    await lp.connect('planted');
    await lp.expectPhase('ready');
    await lp.showTools();
    await lp.callTool('echo', { message: `my token is ${SECRET}` });
    // The page itself holds the echoed secret (it is what crossed the wire) but not the env value.
    await expect(lp.traffic.row('response', 'tools/call')).toBeVisible();

    const redacted = await download(page, async () => {
      const preview = page.getByRole('table', { name: 'Redaction preview' });
      await expect(preview.getByRole('row').filter({ hasText: 'env:SERVICE_API_TOKEN' })).toHaveCount(2);
      await expect(preview).not.toContainText(SECRET);
      await lp.screenshot('trace-export-dialog');
    });
    expect(redacted).not.toContain(SECRET);
    expect(redacted).toContain('«redacted:env:SERVICE_API_TOKEN»');
    expect(JSON.parse(redacted.split('\n')[0])).toMatchObject({
      format: 'loupe-trace',
      source: 'live',
      target: { name: 'planted' },
      redaction: { rules: expect.arrayContaining(['env']) },
    });

    const kept = await download(page, async () => {
      await page.getByRole('checkbox', { name: 'Do not redact: keep secrets in the file' }).check();
      await expect(page.getByRole('table', { name: 'Redaction preview' })).toHaveCount(0);
    });
    expect(kept).toContain(SECRET);

    await lp.traffic.row('response', 'tools/call').click();
    const selected = Number((await lp.traffic.facts(lp.traffic.row('response', 'tools/call'))).seq);
    const part = await download(page, async () => {
      await page.getByRole('radio', { name: 'Selection (1 frame)' }).check();
      await expect(page.getByRole('table', { name: 'Redaction preview' }).getByRole('row').filter({ hasText: 'env:SERVICE_API_TOKEN' })).toHaveCount(1);
    });
    const lines = part.trimEnd().split('\n');
    expect(lines.slice(1).map((l) => JSON.parse(l).seq)).toEqual([selected]);
    expect(part).not.toContain(SECRET);
  });
});
