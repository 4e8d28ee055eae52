/**
 * Results as a person reads them: server text in markdown is rendered (never as HTML, links only
 * to http(s), opened apart), with a plain-text toggle; images open at full size with zoom; every
 * content item shows its source. All under the page's CSP.
 */
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { ClientPanel } from './pages/ClientPanel';
import { loupePerFile } from './support/loupe';
import { watchCsp } from './support/csp';

const loupe = loupePerFile();

const MARKDOWN =
  '\n# Report\n\n**bold** and `code`\n\n- [the spec](https://modelcontextprotocol.io/specification)\n- [trap](javascript:alert(1))\n- [local](/api/sessions)\n- [chat](irc://irc.example/mcp)\n\n<img src=x onerror="window.__pwned=1"> ![pixel](https://tracker.example/p.png)';

test('markdown rendered safely with a plain-text toggle; images zoom; every item shows its source', async ({ page }) => {
  const csp = await watchCsp(page);
  const lp = new LoupePage(page);
  const client = new ClientPanel(page);
  await lp.open(loupe.url);
  await lp.connect('server-everything (reference server)');
  await lp.expectPhase('ready');
  await client.showTools();

  await test.step('markdown: headings, emphasis, a safe link; no HTML, no javascript: link, no remote image', async () => {
    await lp.callTool('echo', { message: MARKDOWN });
    const md = client.result.getByRole('document', { name: 'Rendered markdown' });
    await expect(md.getByRole('heading', { name: 'Report' })).toBeVisible();
    await expect(md.locator('strong')).toHaveText('bold');
    const spec = md.getByRole('link', { name: 'the spec' });
    await expect(spec).toHaveAttribute('href', 'https://modelcontextprotocol.io/specification');
    await expect(spec).toHaveAttribute('rel', /noopener/);
    // javascript:, a path on Loupe's own origin (which holds the token) and other schemes are text, not links.
    for (const name of ['trap', 'local', 'chat']) {
      await expect(md.getByRole('link', { name })).toHaveCount(0);
      await expect(md.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(md.getByRole('link')).toHaveCount(1);
    await expect(md.locator('img')).toHaveCount(0);
    await expect(md).toContainText('[image: pixel · https://tracker.example/p.png]');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  await test.step('the plain-text toggle shows the text exactly as sent, and is remembered', async () => {
    await client.result.getByRole('radio', { name: 'plain text' }).check();
    await expect(client.result.getByLabel('Text as sent')).toContainText('<img src=x onerror="window.__pwned=1">');
    await expect(client.result.getByRole('document', { name: 'Rendered markdown' })).toHaveCount(0);
    await lp.callTool('echo', { message: '**again**' });
    await expect(client.result.getByLabel('Text as sent')).toContainText('Echo: **again**');
    await client.result.getByRole('radio', { name: 'markdown' }).check();
    await expect(client.result.getByRole('document', { name: 'Rendered markdown' }).locator('strong')).toHaveText('again');
  });

  await test.step('an image opens at full size; zoom in, 100%, fit', async () => {
    await lp.callTool('get-tiny-image', {});
    await client.result.getByRole('button', { name: /^Open image\/png image from the server at full size$/ }).click();
    const viewer = page.getByRole('dialog', { name: 'image/png image from the server' });
    const zoom = viewer.getByRole('toolbar', { name: 'Zoom' });
    await expect(zoom.getByRole('status')).toHaveText(/^fit · \d+×\d+ px$/);
    const fitWidth = await viewer.getByRole('img').evaluate((i) => i.getBoundingClientRect().width);
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom.getByRole('status')).toHaveText(/^150%/);
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom.getByRole('status')).toHaveText(/^200%/);
    const natural = await viewer.getByRole('img').evaluate((i) => (i as HTMLImageElement).naturalWidth);
    await expect.poll(() => viewer.getByRole('img').evaluate((i) => i.getBoundingClientRect().width)).toBe(natural * 2);
    await zoom.getByRole('button', { name: '100%' }).click();
    await expect.poll(() => viewer.getByRole('img').evaluate((i) => i.getBoundingClientRect().width)).toBe(natural);
    await zoom.getByRole('button', { name: 'Fit' }).click();
    await expect.poll(() => viewer.getByRole('img').evaluate((i) => i.getBoundingClientRect().width)).toBe(fitWidth);
    await viewer.getByRole('button', { name: 'Close dialog' }).click();
  });

  await test.step('view source shows the content item as sent', async () => {
    const items = client.result.getByRole('list', { name: 'Result content' }).getByRole('listitem');
    const image = items.filter({ has: page.getByRole('button', { name: /at full size/ }) });
    await image.getByText('View source').click();
    await expect(image.getByLabel('Content item source')).toContainText('"type": "image"');
    await expect(image.getByLabel('Content item source')).toContainText('"mimeType": "image/png"');
  });

  await csp.expectNone();
});
