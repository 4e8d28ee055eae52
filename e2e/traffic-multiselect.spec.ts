/**
 * Multi-selection in the traffic table and the diagram, end to end: Shift+click marks a range, Ctrl+click adds one
 * more, Shift+arrow extends, Escape and the clear button collapse; the marked rows carry
 * aria-selected, the toolbar counts them, and the export's "selection" scope writes exactly those
 * frames, for a live server-everything session (through the proxy) and for an opened trace file.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const goldenPath = path.join(repoRoot, 'e2e/golden/everything-stdio.v1.loupe.ndjson');
const goldenText = readFileSync(goldenPath, 'utf8');

const loupe = loupePerFile();

type TraceFrame = { seq: number; raw: string };
const framesOf = (text: string): TraceFrame[] =>
  text
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l));

/** A row by its seq (rows are windowed, so only rendered ones can be found). */
function row(grid: Locator, seq: number): Locator {
  return grid.locator(`[role="row"][id$="-row-${seq}"]`);
}

/** The seqs of the rendered rows that say aria-selected="true", in order. */
async function markedSeqs(grid: Locator): Promise<number[]> {
  return grid.locator('[role="row"][aria-selected="true"]').evaluateAll((rows) => rows.map((r) => Number(/-row-(\d+)$/.exec(r.id)?.[1])).sort((a, b) => a - b));
}

function selectedCount(page: Page): Locator {
  return page.getByRole('status', { name: 'Selected frames' });
}

/** Opens Export…, checks the selection scope and its count, saves, and returns the file's frames. */
async function exportSelection(page: Page, count: number): Promise<TraceFrame[]> {
  await page.getByRole('region', { name: 'Session status' }).getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export trace' });
  const scope = dialog.getByRole('radio', { name: `Selection (${count} frames)` });
  await expect(scope).toBeChecked();
  await expect(dialog.getByText(`${count} frames`, { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /^Save/ }).click();
  return framesOf(readFileSync(await (await download).path(), 'utf8'));
}

test('Shift+click, Ctrl+click, Shift+arrow and Escape mark frames of a live session, and the export holds exactly those', async ({ page }) => {
  const lp = new LoupePage(page);
  const grid = lp.traffic.grid;
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  await lp.showTools();
  for (const message of ['one', 'two']) await lp.callTool('echo', { message });
  await expect(grid).toHaveAttribute('aria-multiselectable', 'true');
  await expect(row(grid, 10)).toBeVisible();

  await test.step('Shift+click marks the range from the focused frame', async () => {
    // The table follows the newest row, and server-everything's own notifications may move the
    // rows under a click: done again (a plain click starts over) until both landed where aimed.
    await expect(async () => {
      await row(grid, 2).click();
      await expect(lp.detail.getByRole('region', { name: 'Frame 2' })).toBeVisible({ timeout: 1_000 });
      await expect(selectedCount(page)).toHaveText('', { timeout: 1_000 });
      await row(grid, 5).click({ modifiers: ['Shift'] });
      await expect.poll(() => markedSeqs(grid), { timeout: 1_000 }).toEqual([2, 3, 4, 5]);
    }).toPass({ timeout: 15_000 });
    await expect(selectedCount(page)).toHaveText('4 frames selected');
  });

  await test.step('Ctrl+click adds one frame and keeps the range', async () => {
    await row(grid, 8).click({ modifiers: ['Control'] });
    expect(await markedSeqs(grid)).toEqual([2, 3, 4, 5, 8]);
    await expect(row(grid, 6)).toHaveAttribute('aria-selected', 'false');
    await expect(selectedCount(page)).toHaveText('5 frames selected');
    // The focused frame is the shared selection: the detail pane follows it.
    await expect(lp.detail.getByRole('region', { name: 'Frame 8' })).toBeVisible();
    await lp.screenshot('traffic-multiselect');
  });

  await test.step('the selection scope exports exactly the marked frames, in seq order', async () => {
    const frames = await exportSelection(page, 5);
    expect(frames.map((f) => f.seq)).toEqual([2, 3, 4, 5, 8]);
    await expect(selectedCount(page)).toHaveText('5 frames selected');
  });

  await test.step('the diagram marks the same frames, the focused one set apart', async () => {
    await page.getByRole('tab', { name: 'Sequence' }).click();
    const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
    await expect(diagram).toHaveAttribute('aria-multiselectable', 'true');
    const marked = diagram.getByRole('option', { selected: true });
    await expect(marked).toHaveCount(5);
    expect((await marked.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))))).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 8]);
    await page.getByRole('tab', { name: 'Traffic' }).click();
    expect(await markedSeqs(grid)).toEqual([2, 3, 4, 5, 8]);
  });

  await test.step('Shift+ArrowDown extends from the focused frame; Escape collapses to it', async () => {
    await grid.focus();
    await page.keyboard.press('Shift+ArrowDown');
    expect(await markedSeqs(grid)).toEqual([2, 3, 4, 5, 8, 9]);
    await expect(selectedCount(page)).toHaveText('6 frames selected');
    await page.keyboard.press('Escape');
    expect(await markedSeqs(grid)).toEqual([9]);
    await expect(selectedCount(page)).toHaveText('');
  });

  await test.step('Shift+ArrowUp extends upwards; the clear button collapses; a plain click keeps one', async () => {
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Shift+ArrowUp');
    expect(await markedSeqs(grid)).toEqual([7, 8, 9]);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    expect(await markedSeqs(grid)).toEqual([7]);
    await row(grid, 3).click({ modifiers: ['Shift'] });
    expect(await markedSeqs(grid)).toEqual([3, 4, 5, 6, 7]);
    await row(grid, 4).click();
    expect(await markedSeqs(grid)).toEqual([4]);
    await expect(page.getByRole('button', { name: 'Clear selection' })).toHaveCount(0);
  });
});

test('the selection of an opened trace file exports exactly the marked frames', async ({ page }) => {
  const lp = new LoupePage(page);
  const grid = lp.traffic.grid;
  await lp.open(loupe.url);
  await page.getByLabel('Trace file', { exact: true }).setInputFiles(goldenPath);
  await expect(lp.sessionTabs.getByRole('tab', { name: /everything-stdio/ })).toBeVisible();
  await expect(row(grid, 20)).toBeVisible();

  await row(grid, 20).click();
  await row(grid, 14).click({ modifiers: ['Shift'] });
  await row(grid, 3).click({ modifiers: ['ControlOrMeta'] });
  await row(grid, 17).click({ modifiers: ['Control'] });
  expect(await markedSeqs(grid)).toEqual([3, 14, 15, 16, 18, 19, 20]);
  await expect(selectedCount(page)).toHaveText('7 frames selected');

  const frames = await exportSelection(page, 7);
  const golden = framesOf(goldenText);
  expect(frames).toEqual(golden.filter((f) => [3, 14, 15, 16, 18, 19, 20].includes(f.seq)));

  await test.step('Ctrl+A marks every listed frame; Escape collapses', async () => {
    await grid.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await expect(selectedCount(page)).toHaveText(`${golden.length} frames selected`);
    await page.keyboard.press('Escape');
    await expect(selectedCount(page)).toHaveText('');
  });

  await test.step('a Shift range marks only the rows the filter lists', async () => {
    const lanes = page.getByRole('radiogroup', { name: 'Lane' });
    await lanes.getByRole('radio', { name: 'Messages' }).click();
    await expect(row(grid, 3)).toHaveCount(0);
    await row(grid, 2).click();
    await row(grid, 6).click({ modifiers: ['Shift'] });
    await lanes.getByRole('radio', { name: 'All' }).click();
    await expect(row(grid, 3)).toHaveAttribute('aria-selected', 'false');
    expect(await markedSeqs(grid)).toEqual([2, 4, 5, 6]);
    await expect(selectedCount(page)).toHaveText('4 frames selected');
  });
});

test('the diagram takes the same gestures: Shift+click marks a range, Ctrl+click one more, and the table shows them', async ({ page }) => {
  const lp = new LoupePage(page);
  const grid = lp.traffic.grid;
  await lp.open(loupe.url);
  await page.getByLabel('Trace file', { exact: true }).setInputFiles(goldenPath);
  await expect(lp.sessionTabs.getByRole('tab', { name: /everything-stdio/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Sequence' }).click();
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  const option = (seq: number) => diagram.locator(`[role="option"][data-seq="${seq}"]`);
  await option(4).click();
  await option(7).click({ modifiers: ['Shift'] });
  await option(10).click({ modifiers: ['ControlOrMeta'] });
  const marked = diagram.getByRole('option', { selected: true });
  await expect(marked).toHaveCount(5);
  expect((await marked.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))))).sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 10]);
  await option(6).click({ modifiers: ['ControlOrMeta'] });
  await expect(marked).toHaveCount(4);

  await page.getByRole('tab', { name: 'Traffic' }).click();
  expect(await markedSeqs(grid)).toEqual([4, 5, 7, 10]);
  await expect(selectedCount(page)).toHaveText('4 frames selected');
  await expect(lp.detail.getByRole('region', { name: 'Frame 6' })).toBeVisible();
});
