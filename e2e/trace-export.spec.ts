import { test, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureOfflineViewer } from './support/viewer';

const viewer = path.resolve('out/loupe-viewer.html');
const goldenText = readFileSync(path.resolve('e2e/golden/everything-stdio.v1.loupe.ndjson'), 'utf8');
const TOKEN = 'tok-7a6b5c4d3e2f1a0b9c8d';
const BODY_KEY = 'sk-' + 'proj4f3e2d1c0b9a8f7e6d5c4b3a';

/** The golden session plus an HTTP exchange whose header and body carry secrets. */
function plantedTrace(): string {
  const lines = goldenText.trimEnd().split('\n');
  const n = lines.length; // frames are 1..n-1
  const body = JSON.stringify({ jsonrpc: '2.0', id: 50, method: 'tools/call', params: { name: 'echo', arguments: { message: BODY_KEY } } });
  lines.push(
    JSON.stringify({
      seq: n,
      ts: 900000,
      dir: 'c2s',
      lane: 'http',
      raw: `POST /mcp HTTP/1.1\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`,
      size: 80,
      meta: { transport: 'http', phase: 'request', method: 'POST', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: `Bearer ${TOKEN}` } },
    }),
  );
  lines.push(JSON.stringify({ seq: n + 1, ts: 900001, dir: 'c2s', lane: 'message', raw: body, size: body.length, meta: { transport: 'http', exchange: n } }));
  return lines.join('\n') + '\n';
}

function framesOf(text: string): unknown[] {
  return text
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l));
}

test.beforeAll(() => {
  ensureOfflineViewer();
});

async function openInViewer(page: Page, name: string, text: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-'));
  const file = path.join(dir, name);
  writeFileSync(file, text);
  await page.goto(pathToFileURL(viewer).href);
  await page.getByLabel('Trace file', { exact: true }).setInputFiles(file);
  await expect(page.getByRole('tab', { name: new RegExp(name.replace(/\./g, '\\.')) })).toBeVisible();
}

async function exportDownload(page: Page, configure?: () => Promise<void>): Promise<string> {
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export trace' });
  await expect(dialog).toBeVisible();
  if (configure) await configure();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /^Save/ }).click();
  const file = await (await download).path();
  return readFileSync(file, 'utf8');
}

test('exporting from the page keeps every frame exactly (round trip through the UI)', async ({ page }) => {
  await openInViewer(page, 'golden.loupe.ndjson', goldenText);
  const text = await exportDownload(page);
  expect(framesOf(text)).toEqual(framesOf(goldenText));
  expect(JSON.parse(text.split('\n')[0])).toMatchObject({ format: 'loupe-trace', version: 3, source: 'import', redaction: { count: 0 } });
});

test('the export dialog previews redactions and writes no secret unless the person opts out', async ({ page }) => {
  await openInViewer(page, 'planted.loupe.ndjson', plantedTrace());
  const redacted = await exportDownload(page, async () => {
    const preview = page.getByRole('table', { name: 'Redaction preview' });
    await expect(preview.getByRole('row').filter({ hasText: 'authorization' }).first()).toBeVisible();
    await expect(preview.getByRole('row').filter({ hasText: 'openai-key' })).toHaveCount(1);
    await expect(preview).not.toContainText(TOKEN);
  });
  expect(redacted).not.toContain(TOKEN);
  expect(redacted).not.toContain(BODY_KEY);
  expect(redacted).toContain('«redacted:authorization»');

  const kept = await exportDownload(page, async () => {
    await page.getByRole('checkbox', { name: 'Do not redact: keep secrets in the file' }).check();
    await expect(page.getByRole('table', { name: 'Redaction preview' })).toHaveCount(0);
  });
  expect(kept).toContain(TOKEN);
  expect(kept).toContain(BODY_KEY);
});

test.describe('served over http', () => {
  let server: Server;
  let base: string;
  test.beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body =
        url.pathname === '/loupe-viewer.html'
          ? readFileSync(viewer)
          : url.pathname === '/traces/golden.loupe.ndjson'
            ? goldenText
            : url.pathname === '/traces/broken.loupe.ndjson'
              ? '{"format":"loupe-trace","version":7}\n'
              : undefined;
      res.writeHead(body === undefined ? 404 : 200, {
        'access-control-allow-origin': '*',
        'content-type': url.pathname.endsWith('.html') ? 'text/html' : 'application/x-ndjson',
      });
      res.end(body ?? 'not found');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('?trace=URL opens a trace, and a trace from a newer Loupe is refused', async ({ page }) => {
    await page.goto(`${base}/loupe-viewer.html?trace=/traces/golden.loupe.ndjson`);
    await expect(page.getByRole('tab', { name: /golden\.loupe\.ndjson/ })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Traffic' }).getByRole('gridcell', { name: 'resources/read', exact: true }).first()).toBeVisible();
    await page.goto(`${base}/loupe-viewer.html?trace=/traces/broken.loupe.ndjson`);
    await expect(page.getByRole('region', { name: 'Drop a trace file' }).getByRole('alert')).toHaveText(
      'broken.loupe.ndjson was not opened: line 1: written by a newer Loupe (format 7); this Loupe reads up to 3: upgrade Loupe',
    );
  });

  test('"one HTML file" export embeds the trace in the viewer, and that file opens offline', async ({ page }) => {
    await page.goto(`${base}/loupe-viewer.html?trace=/traces/golden.loupe.ndjson`);
    await expect(page.getByRole('tab', { name: /golden/ })).toBeVisible();
    const html = await exportDownload(page, async () => {
      await page.getByRole('combobox', { name: 'Format' }).selectOption('html');
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-'));
    writeFileSync(path.join(dir, 'shared.html'), html);
    await page.goto(pathToFileURL(path.join(dir, 'shared.html')).href);
    await expect(page.getByRole('tab', { name: /server-everything/ })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Traffic' }).getByRole('gridcell', { name: 'prompts/get', exact: true }).first()).toBeVisible();
  });
});

test('loupe export --to html writes a file that opens offline with the trace in it', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-'));
  const out = path.join(dir, 'from-cli.html');
  execFileSync(process.execPath, ['bin/loupe.mjs', 'export', 'e2e/golden/everything-stdio.v0.loupe.ndjson', '--to', 'html', '--out', out], { stdio: 'pipe' });
  await page.goto(pathToFileURL(out).href);
  await expect(page.getByRole('tab', { name: /server-everything/ })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Traffic' }).getByRole('gridcell', { name: 'roots/list', exact: true }).first()).toBeVisible();
});
