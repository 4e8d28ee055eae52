/**
 * The traffic table reads at a glance: what each call is about (tool, prompt, URI) on requests and
 * responses, lanes offered by transport (HTTP on HTTP sessions, stderr on stdio ones), time with
 * thousands separators, and string ids whole.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { everythingHttp, loupeWithServers } from './support/servers';

const BUILTIN = 'server-everything (reference server)';
const { loupe, servers } = loupeWithServers({ everything: everythingHttp });

async function sendRaw(page: Page, frame: unknown): Promise<void> {
  const client = new ClientPanel(page);
  await client.tab('Utilities');
  const raw = client.root.getByRole('region', { name: 'Raw composer' });
  await raw.getByRole('textbox', { name: 'Raw frame' }).fill(JSON.stringify(frame));
  await raw.getByRole('button', { name: 'Send raw' }).click();
}

/** The About cell of the first row of this kind whose About reads `about`. */
function aboutCell(lp: LoupePage, kind: string, about: string): Locator {
  return lp.traffic
    .rows()
    .filter({ has: lp.page.getByRole('gridcell', { name: kind, exact: true }) })
    .getByRole('gridcell', { name: about, exact: true });
}

function lanes(page: Page): Locator {
  return page.getByRole('radiogroup', { name: 'Lane' });
}

test('stdio: rows name the tool, prompt and URI; ids read whole; time has separators; no HTTP lane', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');

  await sendRaw(page, { jsonrpc: '2.0', id: 'sum-7f3e9a', method: 'tools/call', params: { name: 'get-sum', arguments: { a: 1, b: 2 } } });
  await expect(aboutCell(lp, 'request', 'get-sum')).toHaveCount(1);
  await expect(aboutCell(lp, 'response', 'get-sum')).toHaveCount(1);
  await sendRaw(page, { jsonrpc: '2.0', id: 'p1', method: 'prompts/get', params: { name: 'simple-prompt' } });
  await expect(aboutCell(lp, 'response', 'simple-prompt')).toHaveCount(1);
  const uri = 'demo://resource/static/document/architecture.md';
  await sendRaw(page, { jsonrpc: '2.0', id: 'r1', method: 'resources/read', params: { uri } });
  await expect(aboutCell(lp, 'request', uri)).toHaveCount(1);
  await expect(aboutCell(lp, 'response', uri)).toHaveCount(1);

  await test.step("a notification's method shows the part after notifications/; its name and tooltip keep it whole", async () => {
    const cell = lp.traffic.row('notification', 'notifications/initialized').getByRole('gridcell').nth(4);
    await expect(cell).toHaveText('initialized');
    await expect(cell).toHaveAttribute('title', 'notifications/initialized');
    // A row that names no tool, prompt or URI lends its empty About column to the method: it reads whole.
    const listChanged = lp.traffic.row('notification', 'notifications/tools/list_changed').getByRole('gridcell').nth(4);
    await expect(listChanged).toHaveText('tools/list_changed');
    expect(await listChanged.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  await test.step('the filter finds a call by its tool name', async () => {
    await page.getByRole('searchbox', { name: 'Filter by method' }).fill('get-sum');
    await expect(lp.traffic.rows()).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Filter by method' }).fill('');
  });

  await test.step('a string id reads whole, not cut to "su…"', async () => {
    const row = lp.traffic
      .rows()
      .filter({ has: page.getByRole('gridcell', { name: 'get-sum', exact: true }) })
      .first();
    const facts = await lp.traffic.facts(row);
    expect(facts.id).toBe('"sum-7f3e9a"');
    const idCell = row.getByRole('gridcell').nth(5);
    expect(await idCell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  await test.step('time in ms with thousands separators', async () => {
    for (const r of await lp.traffic.all()) expect(r.time).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);
  });

  await test.step('a stdio session offers stderr and no HTTP lane', async () => {
    await expect(lanes(page).getByRole('radio', { name: 'stderr' })).toBeVisible();
    await expect(lanes(page).getByRole('radio', { name: 'HTTP' })).toHaveCount(0);
  });
});

test('Streamable HTTP: an HTTP lane filter, and no stderr filter', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.importServers({ 'everything-http': { type: 'http', url: servers.everything.url } });
  await lp.connect('everything-http');
  await lp.expectPhase('ready');
  // The offer listed on Connect follows the handshake: scroll up to it.
  await lp.traffic.scrollToTop();
  await lp.traffic.expectRow('notification', 'notifications/initialized');

  await expect(lanes(page).getByRole('radio', { name: 'stderr' })).toHaveCount(0);
  await lanes(page).getByRole('radio', { name: 'HTTP' }).click();
  const shown = await lp.traffic.all();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((r) => r.kind === 'http')).toBe(true);
  await lanes(page).getByRole('radio', { name: 'Messages' }).click();
  await lp.traffic.scrollToTop();
  const messages = await lp.traffic.all();
  expect(messages.some((r) => r.method === 'initialize')).toBe(true);
  expect(messages.some((r) => r.kind === 'http')).toBe(false);
});
