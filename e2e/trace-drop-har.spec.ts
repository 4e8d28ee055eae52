/**
 * Issue 13, item 10: a second trace dropped on an open one offers to compare the two (or to open
 * it beside), in the offline viewer and on a live server-everything session; and a HAR of a stdio
 * session says why it is empty, in the export dialog before the download and in the file itself.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';
import { ensureOfflineViewer } from './support/viewer';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();
const viewer = path.resolve('out/loupe-viewer.html');
const golden = (name: string) => readFileSync(path.resolve('e2e/golden', name), 'utf8');

test.beforeAll(() => {
  ensureOfflineViewer();
});

/** Drops a trace file on the element, as a person dragging it from the file manager would. */
async function dropTrace(page: Page, target: Locator, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ([n, t]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t], n, { type: 'application/x-ndjson' }));
      return dt;
    },
    [name, text],
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

test('the viewer: a second trace dropped on the table offers to compare it with the open one', async ({ page }) => {
  await page.goto(pathToFileURL(viewer).href);
  await page
    .getByLabel('Trace file', { exact: true })
    .setInputFiles({ name: 'over-http.loupe.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(golden('everything-http.v1.loupe.ndjson')) });
  const grid = page.getByRole('grid', { name: 'Traffic' });
  await expect(grid).toBeVisible();

  await dropTrace(page, grid, 'over-stdio.loupe.ndjson', golden('everything-stdio.v1.loupe.ndjson'));
  const ask = page.getByRole('dialog', { name: 'Compare or open the dropped trace' });
  await expect(ask).toContainText('over-stdio.loupe.ndjson');
  await ask.getByRole('button', { name: 'Compare with over-http.loupe.ndjson' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare traces' });
  await expect(compare.getByRole('combobox', { name: 'Before' })).toHaveValue('file:over-http.loupe.ndjson');
  await expect(compare.getByRole('combobox', { name: 'After' })).toHaveValue(/over-stdio\.loupe\.ndjson$/);
  await expect(compare.getByRole('status')).toBeVisible();
  await compare.getByRole('button', { name: 'Close dialog' }).click();
  // The dropped trace is open in a tab of its own too.
  await expect(page.getByRole('tab', { name: /over-stdio\.loupe\.ndjson/ })).toBeVisible();

  await dropTrace(page, grid, 'third.loupe.ndjson', golden('everything-stdio.v2.loupe.ndjson'));
  await ask.getByRole('button', { name: 'Open in a new tab' }).click();
  await expect(page.getByRole('tab', { name: /third\.loupe\.ndjson/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Compare traces' })).toBeHidden();
});

test('the viewer compares two traces as loupe diff does: each judged with its own request timeout', async ({ page }) => {
  // The same session, the second recorded by a client that waited only 100 ms: its initialize
  // (answered after 369 ms) went unanswered in time, which loupe diff reports and so must the page.
  const patient = golden('everything-stdio.v2.loupe.ndjson');
  const [header, ...rest] = patient.split('\n');
  const hasty = [JSON.stringify({ ...JSON.parse(header), requestTimeoutMs: 100 }), ...rest].join('\n');
  await page.goto(pathToFileURL(viewer).href);
  await page
    .getByLabel('Trace file', { exact: true })
    .setInputFiles({ name: 'patient.loupe.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(patient) });
  const grid = page.getByRole('grid', { name: 'Traffic' });
  await expect(grid).toBeVisible();
  await dropTrace(page, grid, 'hasty.loupe.ndjson', hasty);
  await page.getByRole('dialog', { name: 'Compare or open the dropped trace' }).getByRole('button', { name: 'Compare with patient.loupe.ndjson' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare traces' });
  await expect(compare.getByRole('status')).toHaveText('patient.loupe.ndjson and hasty.loupe.ndjson differ');
  await expect(compare.getByRole('list', { name: 'Annotations' })).toContainText('+ [warning] timing.no-response: ');
  await expect(compare.getByRole('list', { name: 'Annotations' })).toContainText('within the 100 ms timeout');
});

test('the dashboard: a trace dropped on a live session offers to compare it with the session', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  await lp.traffic.expectRow('response', 'initialize');
  const live = (await lp.sessionTabs.getByRole('tab', { selected: true }).innerText()).trim();

  await dropTrace(page, lp.traffic.grid, 'recorded.loupe.ndjson', golden('everything-stdio.v1.loupe.ndjson'));
  const ask = page.getByRole('dialog', { name: 'Compare or open the dropped trace' });
  await ask.getByRole('button', { name: /^Compare with / }).click();
  const compare = page.getByRole('dialog', { name: 'Compare traces' });
  await expect(compare.getByRole('combobox', { name: 'Before' }).locator('option:checked')).toHaveText(live);
  await expect(compare.getByRole('combobox', { name: 'After' }).locator('option:checked')).toHaveText(/recorded\.loupe\.ndjson/);
  await expect(compare.getByRole('status')).toBeVisible();
});

test('HAR of a stdio session says why it is empty, before the download and in the file', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  await lp.status.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export trace' });
  const why = dialog.getByRole('note', { name: 'Empty HAR' });
  await expect(why).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Format' }).selectOption('har');
  await expect(why).toContainText('This session ran over stdio, so it has no HTTP exchanges: HAR records HTTP requests and responses only');
  // The file says the same (the message count may have grown by the time it is written).
  const said = (await why.innerText()).replace(/the \d+ message/, 'the N message');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save .har' }).click();
  const har = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as { log: { entries: unknown[]; comment?: string } };
  expect(har.log.entries).toEqual([]);
  expect(har.log.comment?.replace(/the \d+ message/, 'the N message')).toBe(said);
});
