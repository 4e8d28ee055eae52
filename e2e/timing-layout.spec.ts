/**
 * The Timing pane of a session that used many methods stays readable at 1280×720 and 1440×900,
 * with the client panel open and closed: Latency by method and Slowest requests each show their
 * first rows, scroll on their own to their last row and last column, and the waterfall keeps room.
 */
import { expect, test, type Page } from '@playwright/test';
import { connectEverything, type ClientPanel } from './pages/ClientPanel';
import type { LoupePage } from './pages/LoupePage';
import { box, LAYOUT_SIZES } from './support/boxes';
import { loupePerFile } from './support/loupe';

const loupe = loupePerFile();
// Eleven methods with initialize, tools/list and roots/list: more than the table area has rows for.
const METHODS = ['ping', 'resources/list', 'prompts/list', 'resources/templates/list', 'logging/setLevel', 'completion/complete', 'x/one', 'x/two', 'x/three'];

/** Sends each method once through the raw composer and waits for its answer. */
async function useManyMethods(lp: LoupePage, client: ClientPanel): Promise<void> {
  await client.tab('Utilities');
  const raw = client.root.getByRole('textbox', { name: 'Raw frame' });
  for (const [i, method] of METHODS.entries()) {
    const params = method === 'logging/setLevel' ? { level: 'info' } : {};
    await raw.fill(JSON.stringify({ jsonrpc: '2.0', id: 100 + i, method, params }));
    await client.root.getByRole('button', { name: 'Send raw' }).click();
    await expect(
      lp.traffic.grid
        .getByRole('row')
        .filter({ hasText: method })
        .filter({ hasText: /response|error/ }),
    ).not.toHaveCount(0);
  }
}

/** Its heading and first rows are on screen; its last row and column scroll into view inside it. */
async function expectReadable(page: Page, name: string, lastColumn: string): Promise<void> {
  const table = page.getByRole('table', { name });
  // A row's first cell: a wide table scrolls sideways in its box, so a whole row may not fit.
  const firstCells = table.locator('tbody tr > :first-child');
  // From the top-left corner of whatever scrolls it (a step before may have scrolled it).
  await table.evaluate((t) => {
    for (let el = t.parentElement; el; el = el.parentElement) if (/(auto|scroll)/.test(getComputedStyle(el).overflow)) el.scrollTo(0, 0);
  });
  await expect(table.getByRole('columnheader').first()).toBeInViewport({ ratio: 0.9 });
  for (let i = 0; i < 3; i++) await expect(firstCells.nth(i), `${name}: row ${i + 1}`).toBeInViewport({ ratio: 0.9 });
  await expect(page.getByRole('heading', { name })).toBeInViewport({ ratio: 0.9 });
  await firstCells.last().scrollIntoViewIfNeeded();
  await expect(firstCells.last(), `${name}: its last row`).toBeInViewport({ ratio: 0.9 });
  // Scrolled inside its own box: the header row stays pinned above the rows.
  await expect(table.getByRole('columnheader').first()).toBeInViewport({ ratio: 0.9 });
  const header = table.getByRole('columnheader', { name: lastColumn, exact: true });
  await header.scrollIntoViewIfNeeded();
  await expect(header, `${name}: its last column`).toBeInViewport({ ratio: 0.9 });
}

async function expectBothReadable(page: Page): Promise<void> {
  await expect(page.getByRole('table', { name: 'Latency by method' }).locator('tbody tr')).toHaveCount(METHODS.length + 3);
  await expectReadable(page, 'Latency by method', 'Max');
  await expectReadable(page, 'Slowest requests', 'Outcome');
  // Reading one table moved nothing in the other.
  await expect(page.getByRole('heading', { name: 'Latency by method' })).toBeInViewport({ ratio: 0.9 });
  expect((await box(page.getByRole('list', { name: 'Request waterfall' }))).height).toBeGreaterThanOrEqual(100);
}

for (const size of LAYOUT_SIZES) {
  test(`at ${size.width}×${size.height} the Timing pane shows both tables after eleven methods`, async ({ page }) => {
    await page.setViewportSize(size);
    const { lp, client } = await connectEverything(page, loupe.url);
    await useManyMethods(lp, client);
    await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Timing', exact: true }).click();

    await test.step('with the client panel open (the tables stacked)', async () => {
      await expect(client.root).toBeVisible();
      await expectBothReadable(page);
    });
    await test.step('with the client panel closed', async () => {
      await lp.status.getByRole('button', { name: 'Client', exact: true }).click();
      await expect(client.root).toBeHidden();
      await expectBothReadable(page);
    });
  });
}
