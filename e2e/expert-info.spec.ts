/**
 * The Expert info panel in a real browser: the component alone, bundled from its sources with
 * annotations from the real analyser (fixtures/expert-info/harness.tsx), so clicks, filters and
 * links are checked where users meet them.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from './support/loupe';

let bundle = '';

test.beforeAll(async () => {
  const out = await build({
    entryPoints: [path.join(repoRoot, 'e2e/fixtures/expert-info/harness.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  bundle = out.outputFiles[0].text;
});

test.beforeEach(async ({ page }) => {
  await page.setContent('<div id="root"></div>');
  await page.addScriptTag({ content: bundle });
});

test('groups annotations by severity and group, and jumps to a frame', async ({ page }) => {
  const panel = page.getByRole('region', { name: 'Expert info' });
  await expect(panel.getByRole('heading', { name: /Errors \(2\)/ })).toBeVisible();
  await expect(panel.getByRole('heading', { name: /Info \(230\)/ })).toBeVisible();
  await panel.getByRole('button', { name: /^Go to frame 7: a second response to tools\/list/ }).click();
  await expect(page.getByRole('status', { name: 'Selected frame' })).toHaveText('7');
  await expect(page.getByRole('img', { name: '1 error' })).toBeVisible();
});

test('filters by severity, group and rule id', async ({ page }) => {
  const panel = page.getByRole('region', { name: 'Expert info' });
  await panel.getByRole('button', { name: /Warnings/ }).click();
  await expect(panel.getByRole('list', { name: 'tools warning annotations' })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'jsonrpc error annotations' })).toHaveCount(0);
  await panel.getByRole('button', { name: /Warnings/ }).click();
  await panel.getByRole('combobox', { name: 'Group' }).selectOption('stdio');
  await expect(panel.getByRole('list', { name: 'stdio error annotations' })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'tools warning annotations' })).toHaveCount(0);
  await panel.getByRole('combobox', { name: 'Group' }).selectOption('');
  await panel.getByRole('combobox', { name: 'Rule id' }).selectOption('tools.name');
  await expect(panel.getByText('1 of 233 shown')).toBeVisible();
});

test('links each annotation to its spec section and shows long groups on request', async ({ page }) => {
  const panel = page.getByRole('region', { name: 'Expert info' });
  const spec = panel.getByRole('link', { name: 'Spec section for tools.name' });
  await expect(spec).toHaveAttribute('href', 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names');
  await expect(spec).toHaveAttribute('target', '_blank');
  await expect(spec).toHaveAttribute('rel', /noopener/);
  await panel.getByText('stdio', { exact: true }).last().click(); // open the collapsed info group
  const stderr = panel.getByRole('list', { name: 'stdio info annotations' });
  await expect(stderr.getByRole('listitem')).toHaveCount(200);
  await panel.getByRole('button', { name: 'Show all 230' }).click();
  await expect(stderr.getByRole('listitem')).toHaveCount(230);
});
