/**
 * Screenshots of the main screens at 1440×900 and 1280×720 into docs/screenshots/, from a real
 * session with server-everything, so the README shows the page as it is and a review can compare
 * them over time. Run: npm run screenshots (after npm run build); npm test leaves it out.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

async function view(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name, exact: true }).click();
}

async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await page.screenshot({ path: path.join(repoRoot, 'docs/screenshots', `${name}-${width}x${height}.png`) });
}

test('main screens at 1440×900 and 1280×720', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]);
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  await lp.callTool('get-sum', { a: 2, b: 40 });
  await lp.callTool('echo', { message: 'hello from Loupe' });
  await lp.traffic.row('response', 'tools/call').click();

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await view(page, 'Traffic');
    await client.open();
    await expect(client.root).toBeVisible();
    await shoot(page, 'client-and-traffic');
    // Close the client panel for the views that want the width.
    await lp.status.getByRole('button', { name: 'Client', exact: true }).click();
    await expect(client.root).toBeHidden();
    await shoot(page, 'traffic');
    await view(page, 'Sequence');
    await expect(page.getByRole('listbox', { name: 'Sequence diagram' })).toBeVisible();
    await shoot(page, 'sequence');
    await view(page, 'Timing');
    await expect(page.getByRole('table', { name: 'Latency by method' })).toBeVisible();
    await shoot(page, 'timing');
    await view(page, 'Capabilities');
    await shoot(page, 'capabilities');
    await view(page, 'Traffic');
    const row = lp.connections.getByRole('listitem', { name: BUILTIN });
    await row.getByRole('button', { name: `Connect options of ${BUILTIN}` }).click();
    await shoot(page, 'connect-options');
    await row.getByRole('button', { name: `Connect options of ${BUILTIN}` }).click();
  }
});

test('an MCP App, its lane in the sequence diagram, and its CSP panel', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES[0]);
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const server = path.join(repoRoot, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
  await lp.addConnection({ name: 'basic app', command: process.execPath, args: [server, '--stdio'] });
  await lp.connect('basic app');
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  await client.pickTool('get-time');
  await client.call('get-time');
  const app = client.root.getByRole('article', { name: 'App get-time' });
  await expect(app.getByRole('status', { name: 'App status' })).toHaveText(/^running/);
  const inside = page.frameLocator('iframe[title="MCP App get-time"]').frameLocator('iframe[title="MCP App"]');
  await inside.getByRole('button', { name: 'Get Server Time' }).click();
  await expect(lp.traffic.row('response', 'tools/call').first()).toBeVisible();
  // The app lives in the client panel: both sizes of it first, then the diagram with the panel closed.
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await client.root.evaluate((panel) => {
      const card = panel.querySelector('article');
      if (card) panel.scrollTop = card.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop - 8;
    });
    await shoot(page, 'app');
  }
  await lp.status.getByRole('button', { name: 'Client', exact: true }).click();
  await view(page, 'Sequence');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByRole('listbox', { name: 'Sequence diagram' })).toBeVisible();
    await shoot(page, 'app-sequence');
  }
});
