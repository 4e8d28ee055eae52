import { test, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { embedTrace } from '../lib/trace/embed';

const viewer = path.resolve('out/loupe-viewer.html');
const golden = (name: string) => path.resolve('e2e/golden', name);

// The self-contained viewer is made from the page's static export (`npm run build` writes
// out/viewer.html) by scripts/build-viewer.mjs, which this spec runs so it always tests a fresh one.
test.beforeAll(() => {
  if (!existsSync('out/viewer.html')) throw new Error('out/viewer.html is missing: run `npm run build` first');
  execFileSync(process.execPath, ['scripts/build-viewer.mjs'], { stdio: 'inherit' });
});

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

test('the viewer opened from file:// shows a trace picked from disk', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(pathToFileURL(viewer).href);
  await expect(page.getByRole('heading', { name: 'Loupe trace viewer' })).toBeVisible();
  await page.getByLabel('Trace file', { exact: true }).setInputFiles(golden('everything-stdio.v1.loupe.ndjson'));
  const grid = page.getByRole('grid', { name: /traffic/i });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'tools/list', exact: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the viewer migrates an old trace and refuses a bad one with its line and reason', async ({ page }) => {
  await page.goto(pathToFileURL(viewer).href);
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-'));
  const bad = path.join(dir, 'bad.loupe.ndjson');
  writeFileSync(bad, readFileSync(golden('everything-stdio.v1.loupe.ndjson'), 'utf8').split('\n').map((l, i) => (i === 6 ? '{"seq":' : l)).join('\n'));
  await page.getByLabel('Trace file', { exact: true }).setInputFiles(bad);
  await expect(page.getByRole('region', { name: 'Drop a trace file' }).getByRole('alert')).toHaveText(/bad\.loupe\.ndjson was not opened: line 7: not valid JSON/);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.getByLabel('Trace file', { exact: true }).setInputFiles(golden('everything-stdio.v0.loupe.ndjson'));
  await expect(page.getByRole('tab', { name: /everything-stdio\.v0/ })).toBeVisible();
});

test('a single HTML file with the trace embedded opens by itself', async ({ page }) => {
  const errors = watchErrors(page);
  const trace = readFileSync(golden('everything-stdio.v1.loupe.ndjson'), 'utf8');
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-'));
  const file = path.join(dir, 'shared-session.html');
  writeFileSync(file, embedTrace(readFileSync(viewer, 'utf8'), trace, 'shared session'));
  await page.goto(pathToFileURL(file).href);
  await expect(page.getByRole('tab', { name: /shared session/ })).toBeVisible();
  await expect(page.getByRole('grid', { name: /traffic/i }).getByRole('gridcell', { name: 'prompts/get', exact: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
