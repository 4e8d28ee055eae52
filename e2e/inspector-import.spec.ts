/**
 * The official MCP Inspector's Protocol export (a JSON array of its logged messages), opened in
 * the page as a trace: each message in the direction the Inspector logged, each response at its
 * own time, and the header says what such a file lacks. Any other JSON is refused with what Loupe
 * reads, not with a JSON parse error on line 1.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const loupe = loupePerFile();
const EXPORT = path.join(repoRoot, 'e2e/fixtures/inspector/inspector-protocol-everything-2026-09-03T14-21-09.482Z.json');

for (const size of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test(`the MCP Inspector's Protocol export opens as the Inspector's session, and says what it lacks, at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const lp = new LoupePage(page);
    await lp.open(loupe.url);
    await lp.sidebar.getByLabel('Trace file', { exact: true }).setInputFiles(EXPORT);
    const init = await lp.traffic.expectRow('request', 'initialize');
    expect(init.dir).toMatch(/client/);
    const reply = await lp.traffic.expectRow('response', 'initialize');
    expect(reply.dir).toMatch(/server/);
    // The server's request and the Inspector's answer to it.
    expect((await lp.traffic.expectRow('request', 'roots/list')).dir).toMatch(/server/);
    expect((await lp.traffic.expectRow('response', 'roots/list')).dir).toMatch(/client/);

    const status = page.getByRole('region', { name: 'Session status' });
    await expect(status).toContainText('everything · from the MCP Inspector’s Protocol export · 2025-06-18');
    const lacks = status.getByRole('group', { name: 'What the import lacks' });
    await expect(lacks).toContainText(
      'Read from the MCP Inspector’s Protocol export, which lacks the bytes on the wire, the transport, server stderr and process events, exact times',
    );
    await lacks.getByText('Read from').click();
    const item = lacks.getByRole('listitem').filter({ hasText: 'to the millisecond' });
    await expect(item).toBeVisible();
    // The header keeps what it says inside the page: nothing runs past its right edge.
    for (const box of [await status.boundingBox(), await item.boundingBox()]) expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
  });
}

test('other JSON is refused with what Loupe reads', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar
    .getByLabel('Trace file', { exact: true })
    .setInputFiles({ name: 'settings.json', mimeType: 'application/json', buffer: Buffer.from('{\n  "theme": "dark"\n}\n') });
  const alert = lp.sidebar.getByRole('alert');
  await expect(alert).toContainText('settings.json was not opened: this is a JSON object (with "theme"), not a file Loupe can read.');
  await expect(alert).toContainText('Loupe opens its own traces (.loupe.ndjson');
  await expect(alert).toContainText('the MCP Inspector’s Protocol export');
  await expect(alert).not.toContainText('not valid JSON');
});
