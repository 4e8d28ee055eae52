/**
 * The page at scale, functionally: a 20,000-frame trace file opens whole and its last row is
 * reachable in the table and the diagram; while 1,000 frames/s stream in, the views follow the
 * newest frame only while the person is at the bottom, and stay put once they scroll up. The
 * figures, at 100,000 frames and 2,000 frames/s, are `npm run bench`'s page section: a
 * spec proves the behaviour, and that holds at any size past the rows that fit on a screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeBigTrace } from '../scripts/bench/page/big-trace';
import { LoupePage } from './pages/LoupePage';
import { repoRoot, startLoupe, type RunningLoupe, stopInBackground } from './support/loupe';

let loupe: RunningLoupe;
let dir: string;

test.beforeAll(async () => {
  // The stream below runs for as long as the steps take on a busy machine: a budget that keeps all
  // of it in the page, rather than the default's 10,000 frames (the rest then only on disk).
  loupe = await startLoupe(['--session-budget', '256MiB']);
  dir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-perf-'));
});

test.afterAll(async () => {
  stopInBackground(loupe);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const FRAMES = 20_000;
/** Frames per second of the live stream, and how many make "it moved on" in a poll. */
const RATE = 1000;
const MOVED = RATE / 4;

function sequenceRows(page: Page) {
  return page.getByRole('listbox', { name: 'Sequence diagram' }).getByRole('option');
}

test('a 20,000-frame trace file opens whole; its first and last rows are reachable in the table and the diagram', async ({ page }) => {
  test.setTimeout(120_000);
  const file = path.join(dir, 'busy.loupe.ndjson');
  expect(writeBigTrace(file, FRAMES)).toBe(FRAMES);
  const lp = new LoupePage(page);
  await page.goto(new URL('/viewer', loupe.url).href);
  await page.getByLabel('Trace file', { exact: true }).setInputFiles(file);

  await expect(page.getByText(`${FRAMES} frames`, { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(lp.traffic.grid).toHaveAttribute('aria-rowcount', String(FRAMES + 1));

  await test.step('the table opens at the newest row, with only the visible rows in the DOM', async () => {
    await expect.poll(() => lp.traffic.newestSeq()).toBe(FRAMES);
    await expect(lp.traffic.grid.locator(`[role="row"][id$="-row-${FRAMES}"]`)).toBeInViewport();
    expect(await lp.traffic.rows().count()).toBeLessThan(120);
  });

  await test.step('Home and End reach both ends of the table', async () => {
    await lp.traffic.grid.focus();
    await page.keyboard.press('Home');
    await expect(lp.detail.getByRole('heading', { level: 3 })).toContainText('#1 ');
    await expect(lp.traffic.rows().first().getByRole('gridcell').first()).toHaveText('1');
    await page.keyboard.press('End');
    await expect(lp.detail.getByRole('heading', { level: 3 })).toContainText(`#${FRAMES} `);
    await expect(lp.traffic.grid.locator(`[role="row"][id$="-row-${FRAMES}"]`)).toHaveAttribute('aria-selected', 'true');
    await expect(lp.traffic.grid.locator(`[role="row"][id$="-row-${FRAMES}"]`)).toBeInViewport();
  });

  await test.step('the diagram draws every frame and shows the last one', async () => {
    await page.getByRole('tab', { name: 'Sequence' }).click();
    await expect(page.getByRole('toolbar', { name: 'Sequence diagram controls' }).getByText(`${FRAMES.toLocaleString('en-US')} rows`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator(`[role="option"][data-seq="${FRAMES}"]`)).toBeInViewport();
    expect(await sequenceRows(page).count()).toBeLessThan(80);
  });
});

test('at 1,000 frames/s the views follow the newest frame only while at the bottom', async ({ page }) => {
  test.setTimeout(120_000);
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.addConnection({ name: 'stream-rate', command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/stdio-stream-rate.mjs')] });
  await lp.connect('stream-rate');
  await lp.expectPhase('ready');
  await lp.showTools();
  await lp.toolOption('stream').click();
  await lp.tools.getByRole('radio', { name: 'JSON' }).check();
  // Streams for longer than the steps below take, however busy the machine: the disconnect ends it.
  await lp.tools.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify({ rate: RATE, seconds: 300 }));
  await lp.tools.getByRole('button', { name: 'Call stream' }).click();
  const newest = () => lp.traffic.newestSeq();
  const oldestShown = async () => Math.min(...(await lp.traffic.all()).map((r) => r.seq));

  await test.step('at the bottom, new rows scroll into view as they arrive', async () => {
    await expect.poll(newest, { timeout: 10_000 }).toBeGreaterThan(RATE);
    const before = await newest();
    await expect.poll(newest, { timeout: 5_000 }).toBeGreaterThan(before + MOVED);
  });

  await test.step('while following, rows take new frames in place: no row element is added, removed or moved', async () => {
    // What keeps a stream cheap: the window's row elements are reused, so a batch never makes the
    // browser build or restyle a row. Counted with a MutationObserver on the rows' container.
    const changes = await lp.traffic.grid.evaluate(async (grid) => {
      const rowgroup = grid.querySelectorAll('[role="rowgroup"]')[1];
      const seen = { added: 0, removed: 0, newestBefore: 0, newestAfter: 0 };
      const newest = () =>
        Math.max(
          ...Array.from(rowgroup.querySelectorAll('[role="row"]'), (r) => Number(r.querySelector('[role="gridcell"]')?.textContent?.match(/\d+$/)?.[0] ?? 0)),
        );
      seen.newestBefore = newest();
      // Rows may sit in a wrapper that slides as a whole: watch the whole rowgroup, count rows.
      const rows = (nodes: NodeList) =>
        Array.from(nodes).filter((n) => n instanceof Element && (n.getAttribute('role') === 'row' || n.querySelector('[role="row"]'))).length;
      const observer = new MutationObserver((records) => {
        for (const r of records) {
          seen.added += rows(r.addedNodes);
          seen.removed += rows(r.removedNodes);
        }
      });
      observer.observe(rowgroup, { childList: true, subtree: true });
      // The filter box is left alone while frames stream in (only the counts beside it change).
      const filterBox = document.querySelector('input[aria-label="Filter by method"]');
      let filterWrites = 0;
      const filterObserver = new MutationObserver((records) => {
        filterWrites += records.length;
      });
      if (filterBox) filterObserver.observe(filterBox, { attributes: true });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      observer.disconnect();
      filterObserver.disconnect();
      seen.newestAfter = newest();
      const scroller = rowgroup.parentElement as HTMLElement;
      return {
        ...seen,
        filterWrites: filterBox ? filterWrites : -1,
        drawn: rowgroup.querySelectorAll('[role="row"]').length,
        fit: Math.ceil(scroller.clientHeight / 22),
      };
    });
    expect(changes.newestAfter).toBeGreaterThan(changes.newestBefore + MOVED);
    expect({ added: changes.added, removed: changes.removed, filterWrites: changes.filterWrites }).toEqual({ added: 0, removed: 0, filterWrites: 0 });
    // Every row drawn takes a new frame per animation frame: at the live end only the rows in view
    // and a few above are drawn (a scroll up brings the full margin back).
    expect(changes.drawn).toBeLessThanOrEqual(changes.fit + 5);
  });

  await test.step('scrolled up, the view stays put and counts what it has not shown', async () => {
    await lp.traffic.grid.hover();
    await page.mouse.wheel(0, -3000);
    const jump = page.getByRole('button', { name: /new — jump to newest/ });
    await expect(jump).toBeVisible({ timeout: 5_000 });
    const shown = await oldestShown();
    // Stopped following: rows above the viewport are drawn again, ready for the next scroll.
    const fit = await lp.traffic.grid.locator('[data-scroller]').evaluate((el) => Math.ceil(el.clientHeight / 22));
    expect(await lp.traffic.rows().count()).toBeGreaterThan(fit + 10);
    const counted = Number(/(\d+) new/.exec(await jump.innerText())?.[1]);
    // Frames go on arriving (the count beside the jump says how many) while the rows stay put.
    await expect.poll(async () => Number(/(\d+) new/.exec(await jump.innerText())?.[1])).toBeGreaterThan(counted + MOVED);
    expect(await oldestShown()).toBe(shown);
  });

  await test.step('"jump to newest" follows the stream again', async () => {
    await page.getByRole('button', { name: /new — jump to newest/ }).click();
    const at = await newest();
    await expect.poll(newest, { timeout: 5_000 }).toBeGreaterThan(at + MOVED);
    await expect(page.getByRole('button', { name: /new — jump to newest/ })).toBeHidden();
  });

  await test.step('the diagram follows too, and stops following when scrolled up', async () => {
    await page.getByRole('tab', { name: 'Sequence' }).click();
    const follow = page.getByRole('button', { name: 'Follow live' });
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    const lastShown = () => sequenceRows(page).evaluateAll((rows) => Math.max(...rows.map((r) => Number(r.getAttribute('data-seq')))));
    const at = await lastShown();
    await expect.poll(lastShown, { timeout: 5_000 }).toBeGreaterThan(at + MOVED);
    await page.getByRole('listbox', { name: 'Sequence diagram' }).hover();
    await page.mouse.wheel(0, -3000);
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    const still = await lastShown();
    // The diagram's row count goes on growing while the rows shown stay put.
    const rowCount = async () =>
      Number(
        (
          await page
            .getByRole('toolbar', { name: 'Sequence diagram controls' })
            .getByText(/^[\d,]+ rows$/)
            .innerText()
        ).replace(/\D/g, ''),
      );
    const rows = await rowCount();
    await expect.poll(rowCount, { timeout: 5_000 }).toBeGreaterThan(rows + MOVED);
    expect(await lastShown()).toBe(still);
  });

  await lp.disconnect();
  await lp.expectPhase('closed');
});
