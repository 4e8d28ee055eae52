/**
 * A server that writes without pause, against a Loupe started with a small session budget: the
 * traffic table says how much text the page's memory let go and where; a frame past the budget
 * reads its text back from the session's copy on disk, a search on disk finds text the memory no
 * longer holds, and the proxy still serves another session.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { StoredWindow } from './pages/StoredWindow';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const loupe = loupePerFile(['--session-budget', '2MiB']);
const BUILTIN = 'server-everything (reference server)';
let page: Page;
let lp: LoupePage;

test.beforeEach(async ({ browser }) => {
  page = await browser.newPage();
  lp = new LoupePage(page);
});

test.afterEach(async () => {
  await page.close();
});

test('a flood past the budget is announced with its count and seqs, and other sessions still work', async () => {
  await lp.open(loupe.url);
  // 6 MiB of stderr lines and 2 MiB of notifications on stdout, three times the budget.
  await lp.addConnection({
    name: 'flood-output',
    command: process.execPath,
    args: [path.join(repoRoot, 'e2e/fixtures/servers/stdio-flood-output.mjs'), '6', '2', '0'],
  });
  await lp.connect('flood-output');
  await lp.expectPhase('ready');

  // 2,048 notifications (a frame each), 6,144 stderr lines (several to a frame when they come
  // together in one read), `flood done` and the handshake: all recorded.
  const banner = page.getByRole('status', { name: 'Dropped text' });
  await expect(banner).toContainText('passed its byte budget', { timeout: 30_000 });
  // Once every frame is in (the count stands still for a second), the range ends at the last one
  // (`flood done`, which came after the budget).
  let before = -1;
  await expect
    .poll(
      async () => {
        const total = await lp.frameCount();
        const still = total === before;
        before = total;
        return still && total >= 2048 + 1 + 4 && (await banner.innerText()).includes(`and #${total} is not held in memory`);
      },
      { intervals: [1000], timeout: 60_000 },
    )
    .toBe(true);
  const total = await lp.frameCount();
  const dropped = Number(/text of ([\d,]+) frames/.exec(await banner.innerText())?.[1].replace(/,/g, ''));
  // About three quarters of the text did not fit in a quarter of its size: at least the
  // notifications past the budget lost theirs.
  expect(dropped).toBeGreaterThan(1000);
  expect(dropped).toBeLessThan(total);

  // The first dropped frame: its metadata is there, and the detail pane says why its text is not.
  const first = Number(/between #(\d+)/.exec(await banner.innerText())?.[1]);
  await banner.getByRole('button', { name: `#${first}` }).click();
  const detail = lp.detail.getByRole('region', { name: `Frame ${first}`, exact: true });
  // Its text is read back from the session's copy on disk: a flood line, whole.
  await expect(detail.getByRole('list', { name: 'Frame problems' })).toContainText('Read from disk: the session passed its memory budget');
  await expect(detail.getByRole('region', { name: 'Raw text' })).toContainText(/\[flood\] x{100}|"data":"z{100}/);

  // The last frame (`flood done`) lost its text in memory: the filter finds nothing, a search of
  // every frame's text on disk finds it.
  await page.getByRole('searchbox', { name: 'Filter by method' }).fill('flood done');
  await expect(page.getByText(/^0 of \d+ frames$/)).toBeVisible();
  const disk = page.getByRole('region', { name: 'Search on disk' });
  await disk.getByRole('button', { name: 'Search all text on disk for “flood done”' }).click();
  await expect(disk.getByRole('status')).toContainText('1 frame on disk holds “flood done”');
  await expect.poll(async () => (await lp.traffic.all()).map((r) => r.seq)).toEqual([total]);
  await page.screenshot({ path: 'test-results/traffic/disk-search.png' });
  await disk.getByRole('button', { name: 'Back to the filter' }).click();
  await expect(page.getByText(/^0 of \d+ frames$/)).toBeVisible();

  // Browse reads the whole session from disk a window at a time: its newest row is the last frame,
  // whole, and the live tab is still there to come back to.
  await banner.getByRole('button', { name: 'Browse' }).click();
  const win = new StoredWindow(page);
  await expect(win.row(total)).toBeInViewport();
  await win.row(total).click();
  await expect(win.detail.getByRole('region', { name: 'Raw text' })).toContainText('flood done');
  await lp.sessionTabs
    .getByRole('tab', { name: /flood-output/ })
    .first()
    .click();
  await expect(banner).toBeVisible();

  // The proxy kept its head: a second session starts and answers.
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
});
