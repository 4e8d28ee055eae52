/**
 * A cancelled call is a neutral "cancelled" everywhere: the client panel (not a red error), the
 * traffic table (marked, latency up to the cancellation), the diagram, and the Timing view (the
 * waterfall bar stops at the cancellation; the per-method table and the summary agree).
 */
import { expect, test, type Page } from '@playwright/test';
import { ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

async function view(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name, exact: true }).click();
}

test('cancelling a long call shows a neutral cancelled state in every view, and its bar stops', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  await client.pickTool('trigger-long-running-operation');
  const form = client.toolForm('trigger-long-running-operation');
  await form.getByRole('spinbutton', { name: 'duration' }).fill('60');
  await form.getByRole('spinbutton', { name: 'steps' }).fill('60');
  await client.call('trigger-long-running-operation');
  await expect(client.root.getByRole('progressbar', { name: 'Call progress' })).toHaveAttribute('aria-valuenow', '1', { timeout: 10_000 });
  await client.root.getByRole('button', { name: 'Cancel', exact: true }).click();

  await test.step('client panel: a neutral status, no alert', async () => {
    await expect(client.result.getByRole('status', { name: 'Cancelled' })).toContainText('cancelled');
    await expect(client.result.getByRole('alert')).toHaveCount(0);
  });

  await test.step('table: the request is marked cancelled with its latency up to the cancellation', async () => {
    await lp.traffic.expectRow('notification', 'notifications/cancelled');
    const facts = await lp.traffic.facts(lp.traffic.row('request', /^tools\/call/));
    expect(facts.method).toBe('tools/call cancelled');
    expect(facts.latency).toMatch(/^\d+(\.\d+)? (ms|s)$/);
  });

  await test.step('diagram: the request reads cancelled, not awaiting a response', async () => {
    await view(page, 'Sequence');
    const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
    await expect(diagram.getByRole('option', { name: /request, tools\/call.*cancelled, no response/ })).toHaveCount(1);
  });

  await test.step('timing: the bar stops at the cancellation; table and summary agree', async () => {
    await view(page, 'Timing');
    const bar = page.getByRole('list', { name: 'Request waterfall' }).getByRole('listitem', { name: /tools\/call cancelled/ });
    await expect(bar).toHaveCount(1);
    const before = await bar.getAttribute('aria-label');
    const row = page.getByRole('table', { name: 'Latency by method' }).getByRole('row', { name: /^tools\/call/ });
    const cells = await row.getByRole('cell').allInnerTexts();
    // From, Count, Errors, In flight, Cancelled
    expect(cells.slice(1, 5)).toEqual(['1', '0', '0', '1']);
    // Time passes on the wire (a ping answered) and the cancelled bar does not grow with it.
    await view(page, 'Traffic');
    await client.tab('Utilities');
    await client.root.getByRole('button', { name: 'Ping', exact: true }).click();
    await lp.traffic.expectRow('response', 'ping');
    await view(page, 'Timing');
    await expect(page.getByRole('list', { name: 'Request waterfall' }).getByRole('listitem', { name: /#\d+ ping answered/ })).toHaveCount(1);
    expect(await bar.getAttribute('aria-label')).toBe(before);
  });
});
