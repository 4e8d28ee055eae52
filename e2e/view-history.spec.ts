/**
 * The browser's Back and Forward move the dashboard's view, against a real Loupe and the real
 * server-everything: another pane or session tab is a history entry, choosing frames is not, and
 * Back and Forward restore the pane and tab without reloading the page or adding entries.
 */
import { expect, test, type Page } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

const historyLength = (page: Page) => page.evaluate(() => history.length);
const hash = (page: Page) => new URL(page.url()).hash;

test('Back and Forward move between panes and session tabs; choosing frames adds no entries', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  const firstTab = (await lp.sessionTabs.getByRole('tab', { selected: true }).getAttribute('id'))!;
  const shownPane = page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { selected: true });
  await expect(shownPane).toHaveText('Traffic');
  // A reload would lose this: Back and Forward must stay in the same document.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const start = await historyLength(page);
  let frame = 0;
  await test.step('arrowing through frames replaces the entry instead of adding one', async () => {
    await lp.traffic.rows().first().click();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
    const selected = lp.traffic.grid.getByRole('row', { selected: true });
    frame = (await lp.traffic.facts(selected)).seq;
    expect(frame).toBeGreaterThan(1);
    await expect.poll(() => hash(page)).toMatch(new RegExp(`&frame=${frame}$`));
    expect(await historyLength(page)).toBe(start);
  });

  await test.step('each pane switch adds an entry', async () => {
    await page.getByRole('tab', { name: 'Sequence' }).click();
    await expect.poll(() => hash(page)).toMatch(/&pane=sequence&/);
    await page.getByRole('tab', { name: 'Timing' }).click();
    await expect.poll(() => hash(page)).toMatch(/&pane=timing&/);
    expect(await historyLength(page)).toBe(start + 2);
  });

  await test.step('Back shows the previous pane, twice, and adds nothing', async () => {
    await page.goBack();
    await expect(shownPane).toHaveText('Sequence');
    await expect(page.getByRole('listbox', { name: 'Sequence diagram' }).locator(`[data-seq="${frame}"]`)).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(shownPane).toHaveText('Traffic');
    await expect(lp.traffic.grid.getByRole('row', { selected: true })).toHaveCount(1);
    expect((await lp.traffic.facts(lp.traffic.grid.getByRole('row', { selected: true }))).seq).toBe(frame);
    expect(hash(page)).toMatch(new RegExp(`^#s=[^&]+&pane=traffic&frame=${frame}$`));
    expect(await historyLength(page)).toBe(start + 2);
  });

  await test.step('Forward shows the next pane again', async () => {
    await page.goForward();
    await expect(shownPane).toHaveText('Sequence');
    await page.goForward();
    await expect(shownPane).toHaveText('Timing');
    expect(hash(page)).toMatch(/&pane=timing&/);
    expect(await historyLength(page)).toBe(start + 2);
  });

  await test.step('another session tab is an entry too; Back returns to the first tab and its pane', async () => {
    await lp.connect(BUILTIN);
    await expect(lp.sessionTabs.getByRole('tab', { selected: true })).not.toHaveAttribute('id', firstTab);
    await expect(shownPane).toHaveText('Traffic');
    expect(await historyLength(page)).toBe(start + 3);
    await page.goBack();
    await expect(lp.sessionTabs.getByRole('tab', { selected: true })).toHaveAttribute('id', firstTab);
    await expect(shownPane).toHaveText('Timing');
    await page.goForward();
    await expect(lp.sessionTabs.getByRole('tab', { selected: true })).not.toHaveAttribute('id', firstTab);
    expect(await historyLength(page)).toBe(start + 3);
  });

  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
