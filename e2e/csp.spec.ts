/**
 * The Content-Security-Policy of the page (served by a real Loupe) and of the one-file viewer
 * (opened from file://): every pane works without a single violation, and what an attacker with
 * markup in the page would try (an inline script, an inline handler, a request to another origin)
 * is refused. Needs `npm run build` (out/ and out/loupe-viewer.html).
 */
import { test, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ANSWERS_EVERYTHING, chooseCapabilities, ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { tryInjections, watchCsp, type CspWatch } from './support/csp';
import { loupePerFile, repoRoot } from './support/loupe';
import { ensureOfflineViewer } from './support/viewer';

test.use({ viewport: { width: 1500, height: 900 } });
test.setTimeout(90_000);

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();
const golden = path.join(repoRoot, 'e2e/golden/everything-stdio.v1.loupe.ndjson');

/** Another origin that would answer anyone (CORS `*`): only the policy can stop a request to it. */
let foreign: Server;
let foreignUrl: string;
test.beforeAll(async () => {
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
    res.end('exfiltrated');
  });
  await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', r));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/collect`;
});
test.afterAll(() => new Promise<void>((r) => foreign.close(() => r())));

async function pane(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name }).click();
}

async function exerciseExportDialog(page: Page, format: 'html' | 'trace'): Promise<void> {
  await page.getByRole('button', { name: 'Export…' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Export trace' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Format' }).selectOption(format);
  await expect(dialog.getByRole('region', { name: 'Redaction' })).toBeVisible();
  const download = page.waitForEvent('download');
  // The one-file export fetches the viewer from the page's own origin, under the page's connect-src.
  await dialog.getByRole('button', { name: /^Save/ }).click();
  expect(await (await download).path()).toBeTruthy();
}

test('the page sends a policy that allows only its own scripts, and no pane breaks it', async ({ page }) => {
  const csp = await watchCsp(page);
  const response = await page.goto(loupe.url);
  const headers = response!.headers();
  const policy = headers['content-security-policy'];
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).toContain(`connect-src 'self' ws://${new URL(loupe.url).host};`);
  expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cross-origin-opener-policy': 'same-origin' });
  // Every script of the page has run (or been refused) by the load event: a hash that does not match shows here.
  await page.waitForLoadState('load');
  await csp.expectNone();

  const lp = new LoupePage(page);
  await expect(lp.connections.getByRole('listitem').first()).toBeVisible();
  await chooseCapabilities(page, ANSWERS_EVERYTHING);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  await lp.traffic.expectRow('response', 'initialize');

  const client = new ClientPanel(page);
  await client.showTools();
  await client.pickTool('get-tiny-image');
  await client.call('get-tiny-image');
  // A data: image from the server: allowed by img-src, as the security model says.
  await expect(client.result.getByRole('img')).toBeVisible();
  await lp.traffic.row('response', 'tools/call').click();
  await expect(lp.detail).toBeVisible();

  await pane(page, 'Sequence');
  await expect(
    page
      .getByRole('listbox', { name: 'Sequence diagram' })
      .getByRole('option', { name: /tools\/call/ })
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Export Mermaid' }).click();
  const mermaid = page.getByRole('dialog', { name: 'Mermaid export' });
  await expect(mermaid.getByRole('textbox', { name: 'Mermaid text' })).toHaveValue(/^sequenceDiagram\n/);
  await mermaid.getByRole('button', { name: 'Close' }).click();
  const svg = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  expect(await (await svg).path()).toBeTruthy();
  await pane(page, 'Timing');
  await expect(page.getByRole('table', { name: 'Latency by method' })).toContainText('tools/call');
  await pane(page, 'Capabilities');
  await expect(page.getByRole('table', { name: 'Server capabilities' })).toBeVisible();
  await pane(page, 'Annotations');
  await expect(page.getByRole('region', { name: 'Expert info' })).toBeVisible();
  await pane(page, 'Traffic');
  await exerciseExportDialog(page, 'html');

  await csp.expectNone();
});

test('the page refuses an injected inline script, an inline handler and a request to another origin', async ({ page }) => {
  const csp = await watchCsp(page);
  await new LoupePage(page).open(loupe.url);
  await csp.expectNone();
  expect(await tryInjections(page, foreignUrl)).toEqual({ script: false, handler: false, fetched: false });
  const directives = (await csp.events()).map((v) => v.directive);
  expect(directives).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr', 'connect-src']));
});

test("Next's not-found page, with its <style> and style attributes, renders under its policy", async ({ page }) => {
  const csp = await watchCsp(page);
  const response = await page.goto(`${loupe.origin}/no-such-page`);
  expect(response!.status()).toBe(404);
  expect(response!.headers()['content-security-policy']).toMatch(/style-src-attr 'unsafe-hashes'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  // Its style attribute applied (a heading is a block unless it says otherwise).
  expect(await page.getByRole('heading', { name: '404' }).evaluate((el) => getComputedStyle(el).display)).toBe('inline-block');
  await csp.expectNone();
});

test.describe('the one-file viewer', () => {
  const viewer = pathToFileURL(path.join(repoRoot, 'out/loupe-viewer.html')).href;
  test.beforeAll(() => {
    ensureOfflineViewer();
  });

  async function openGolden(page: Page, csp: CspWatch): Promise<void> {
    await page.goto(viewer);
    await page.waitForLoadState('load');
    await csp.expectNone();
    await page.getByLabel('Trace file', { exact: true }).setInputFiles(golden);
    await expect(page.getByRole('tab', { name: /everything-stdio/ })).toBeVisible();
  }

  test('from file://, opens a trace in every pane and exports it without a violation', async ({ page }) => {
    const csp = await watchCsp(page);
    await openGolden(page, csp);
    const lp = new LoupePage(page);
    await lp.traffic.row('request', 'tools/list').click();
    await expect(lp.detail).toBeVisible();
    await pane(page, 'Sequence');
    await expect(page.getByRole('listbox', { name: 'Sequence diagram' }).getByRole('option').first()).toBeVisible();
    await pane(page, 'Timing');
    await expect(page.getByRole('table', { name: 'Latency by method' })).toBeVisible();
    await pane(page, 'Capabilities');
    await expect(page.getByRole('table', { name: 'Server capabilities' })).toBeVisible();
    await pane(page, 'Annotations');
    await expect(page.getByRole('region', { name: 'Expert info' })).toBeVisible();
    await pane(page, 'Traffic');
    // Not the one-file format: a file:// page cannot fetch the viewer file beside it, policy or not.
    await exerciseExportDialog(page, 'trace');
    await csp.expectNone();
  });

  test('from file://, refuses an injected inline script and an inline handler', async ({ page }) => {
    const csp = await watchCsp(page);
    await openGolden(page, csp);
    await csp.expectNone();
    expect(await tryInjections(page)).toEqual({ script: false, handler: false, fetched: false });
    expect((await csp.events()).map((v) => v.directive)).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']));
  });

  test('served by the proxy, it keeps its own policy and may connect only to the proxy', async ({ page }) => {
    const csp = await watchCsp(page);
    const response = await page.goto(`${loupe.origin}/loupe-viewer.html`);
    expect(response!.headers()['content-security-policy']).toContain(`connect-src 'self' ws://${new URL(loupe.url).host};`);
    await page.waitForLoadState('load');
    await csp.expectNone();
    await page.getByLabel('Trace file', { exact: true }).setInputFiles(golden);
    await expect(new LoupePage(page).traffic.row('request', 'tools/list')).toBeVisible();
    await csp.expectNone();
    expect(await tryInjections(page, foreignUrl)).toEqual({ script: false, handler: false, fetched: false });
  });

  test('an exported one-file trace carries the same policy', async ({ page }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-'));
    const file = path.join(dir, 'golden.html');
    execFileSync(process.execPath, ['bin/loupe.mjs', 'export', golden, '--to', 'html', '--out', file], { cwd: repoRoot, stdio: 'inherit' });
    const csp = await watchCsp(page);
    await page.goto(pathToFileURL(file).href);
    await expect(new LoupePage(page).traffic.row('request', 'tools/list')).toBeVisible();
    await csp.expectNone();
    expect(await tryInjections(page)).toEqual({ script: false, handler: false, fetched: false });
  });
});
