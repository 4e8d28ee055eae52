/**
 * The client panel shows the session's client state, held in the proxy: a reload, a second page
 * and a tab switch all show the same listing, call in flight, log level; and the answers that
 * need nobody (roots/list) are given once by the session, however many pages watch it.
 */
import { expect, test, type Page } from '@playwright/test';
import { chooseCapabilities, ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

async function connected(page: Page, capabilities: string[] = []): Promise<{ lp: LoupePage; client: ClientPanel }> {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  if (capabilities.length > 0) await chooseCapabilities(page, capabilities);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  return { lp, client };
}

/** Another page on the same Loupe (its own browser context, the same token) showing the session open in `lp`. */
async function secondPage(page: Page, lp: LoupePage): Promise<{ other: Page; close(): Promise<void> }> {
  const label = (await lp.sessionTabs.getByRole('tab', { selected: true }).innerText()).trim();
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  await new LoupePage(other).open(loupe.url);
  await other.getByRole('button', { name: `Open session ${label}`, exact: true }).click();
  return { other, close: () => context.close() };
}

test('a call in flight survives a reload: still running, its progress goes on, Cancel works', async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.pickTool('trigger-long-running-operation');
  const form = client.toolForm('trigger-long-running-operation');
  await form.getByRole('spinbutton', { name: 'duration' }).fill('30');
  await form.getByRole('spinbutton', { name: 'steps' }).fill('30');
  await client.call('trigger-long-running-operation');
  const bar = client.root.getByRole('progressbar', { name: 'Call progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9]/, { timeout: 10_000 });

  await page.reload();
  const inFlight = client.root.getByRole('status', { name: 'Call in flight' });
  await expect(inFlight).toContainText('trigger-long-running-operation');
  await expect(bar).toHaveAttribute('aria-valuemax', '30');
  const before = Number(await bar.getAttribute('aria-valuenow'));
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(client.toolOption('trigger-long-running-operation')).toHaveAttribute('aria-selected', 'true');

  await client.root.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(client.result.getByRole('status', { name: 'Cancelled' })).toContainText('cancelled');
  await expect(inFlight).toHaveCount(0);
  await lp.traffic.expectRow('notification', 'notifications/cancelled');
});

test('the tool list and the log level survive a client tab switch and a reload', async ({ page }) => {
  const { client } = await connected(page);
  // The listing arrives as the session's state fills in: take the count once it holds still.
  let listed = 0;
  await expect
    .poll(
      async () => {
        const n = await client.toolOptions.count();
        const settled = n === listed && n > 5;
        listed = n;
        return settled;
      },
      { intervals: [500] },
    )
    .toBe(true);
  await client.tab('Utilities');
  await client.root.getByRole('combobox', { name: 'Log level' }).selectOption('warning');
  await client.root.getByRole('button', { name: 'Set level' }).click();
  const level = client.root.getByRole('region', { name: 'Server log' }).getByRole('status', { name: 'Log level status' });
  await expect(level).toHaveText("the server's level is warning");

  await client.tab('Tools');
  await expect(client.toolOptions).toHaveCount(listed);
  await client.tab('Utilities');
  await expect(level).toHaveText("the server's level is warning");

  await page.reload();
  // Whether the panel reopens by itself is view state; what must survive is the session's state.
  const lp = new LoupePage(page);
  await expect(lp.status).toBeVisible();
  await client.tab('Utilities');
  await expect(level).toHaveText("the server's level is warning");
  await expect(client.root.getByRole('combobox', { name: 'Log level' })).toHaveValue('warning');
  await client.tab('Tools');
  await expect(client.toolOptions).toHaveCount(listed);
});

test("a second page on the same session shows the same client state, and can cancel the first page's call", async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.tab('Utilities');
  await client.root.getByRole('combobox', { name: 'Log level' }).selectOption('error');
  await client.root.getByRole('button', { name: 'Set level' }).click();
  await expect(client.root.getByRole('status', { name: 'Log level status' })).toHaveText("the server's level is error");
  await client.tab('Tools');
  await client.pickTool('trigger-long-running-operation');
  const form = client.toolForm('trigger-long-running-operation');
  await form.getByRole('spinbutton', { name: 'duration' }).fill('30');
  await form.getByRole('spinbutton', { name: 'steps' }).fill('30');
  await client.call('trigger-long-running-operation');
  await expect(client.root.getByRole('status', { name: 'Call in flight' })).toBeVisible();

  const { other, close } = await secondPage(page, lp);
  try {
    const otherClient = new ClientPanel(other);
    await otherClient.tab('Tools');
    const listed = await client.toolOptions.count();
    await expect(otherClient.toolOptions).toHaveCount(listed);
    await expect(otherClient.root.getByRole('status', { name: 'Call in flight' })).toContainText('trigger-long-running-operation');
    await expect(otherClient.root.getByRole('progressbar', { name: 'Call progress' })).toHaveAttribute('aria-valuemax', '30');
    await otherClient.root.getByRole('button', { name: 'Cancel', exact: true }).click();
    for (const c of [client, otherClient]) {
      await expect(c.result.getByRole('status', { name: 'Cancelled' })).toContainText('cancelled');
      await expect(c.root.getByRole('status', { name: 'Call in flight' })).toHaveCount(0);
    }
    await otherClient.tab('Utilities');
    await expect(otherClient.root.getByRole('status', { name: 'Log level status' })).toHaveText("the server's level is error");
  } finally {
    await close();
  }
});

test("with two pages open, the session answers the server's roots/list exactly once", async ({ page }) => {
  const { lp, client } = await connected(page, ['roots', 'roots: listChanged']);
  const { other, close } = await secondPage(page, lp);
  try {
    await new LoupePage(other).traffic.expectRow('request', 'roots/list');
    // A change makes server-everything ask again, with both pages watching.
    await client.tab('Roots');
    await client.root.getByRole('textbox', { name: 'Root URI' }).fill('file:///tmp/once');
    await client.root.getByRole('button', { name: 'Add root' }).click();
    await lp.traffic.expectRow('notification', 'notifications/roots/list_changed');
    const filter = page.getByRole('searchbox', { name: 'Filter by method' });
    await filter.fill('roots/list');
    await expect
      .poll(async () => (await lp.traffic.all()).filter((r) => r.kind === 'request' && r.method === 'roots/list').length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const rows = (await lp.traffic.all()).filter((r) => r.method === 'roots/list');
    const requests = rows.filter((r) => r.kind === 'request').map((r) => r.id);
    const responses = rows.filter((r) => r.kind === 'response').map((r) => r.id);
    expect(responses.sort()).toEqual(requests.sort());
    await client.tab('Tools');
    await client.pickTool('get-roots-list');
    await client.call('get-roots-list');
    await expect(client.result).toContainText('file:///tmp/once');
  } finally {
    await close();
  }
});
