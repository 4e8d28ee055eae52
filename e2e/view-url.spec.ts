/**
 * The view state in the URL hash, against a real Loupe and the real server-everything: a link
 * opens the same session tab, pane and selected frame in a new page, a reload keeps them, choosing
 * frames adds no history entries, and a link to a session the proxy does not know says so.
 */
import { expect, test, type Page } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

/** The launcher's URL (with its token, since a new page has no sessionStorage) plus a hash. */
function linkWith(hash: string): string {
  const url = new URL(loupe.url);
  url.hash = hash;
  return url.toString();
}

async function expectView(page: Page, sessionTabId: string, seq: number): Promise<void> {
  const lp = new LoupePage(page);
  await expect(lp.sessionTabs.getByRole('tab', { selected: true })).toHaveAttribute('id', sessionTabId);
  await expect(page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { selected: true })).toHaveText('Sequence');
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  await expect(diagram.locator(`[data-seq="${seq}"]`)).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
  await expect(diagram.getByRole('option', { selected: true })).toHaveCount(1);
  await expect(page.getByRole('complementary', { name: 'Frame detail' })).toContainText('initialize');
}

test('a link restores the session tab, the Sequence pane and the selected frame; a reload keeps them', async ({ page, context }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  // The tab's DOM id is made from the session id: the same id means the same session.
  const sessionTab = (await lp.sessionTabs.getByRole('tab', { selected: true }).getAttribute('id'))!;

  await page.getByRole('tab', { name: 'Sequence' }).click();
  // Another pane is a history entry (Back returns to Traffic); choosing frames is not.
  await expect.poll(() => new URL(page.url()).hash).toMatch(/&pane=sequence$/);
  const historyBefore = await page.evaluate(() => history.length);
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  await diagram.getByRole('option', { name: /client → server, request, initialize #/ }).click();
  const result = diagram.getByRole('option', { name: /server → client, response, initialize result/ });
  await result.click();
  await expect(result).toHaveAttribute('aria-selected', 'true');
  const seq = Number(await result.getAttribute('data-seq'));

  await expect.poll(() => new URL(page.url()).hash).toMatch(new RegExp(`^#s=[^&]+&pane=sequence&frame=${seq}$`));
  const link = new URL(page.url());
  expect(link.search).not.toContain('token=');
  // replaceState, not pushState: choosing two frames left history as it was.
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);

  await test.step('a new page opened from the link shows the same view', async () => {
    const other = await context.newPage();
    await other.goto(linkWith(link.hash));
    await expectView(other, sessionTab, seq);
    // The token leaves the address bar; the view stays in it.
    await expect.poll(() => other.url()).not.toContain('token=');
    expect(new URL(other.url()).hash).toBe(link.hash);
    await other.close();
  });

  await test.step('a link opened before the frames arrive selects the frame once they do', async () => {
    const other = await context.newPage();
    // The proxy's snapshot of the session's frames is held back until everything else it sends
    // has arrived (the attach answer, session updates): the frames land in the page's last store
    // write, as they did under load, and nothing after them can put the hash right by accident.
    const held: Array<string | Buffer> = [];
    let release = () => {};
    await other.routeWebSocket(/\/ws/, (ws) => {
      const server = ws.connectToServer();
      release = () => held.splice(0).forEach((m) => ws.send(m));
      server.onMessage((m) => {
        // The page asks for frames in the compact binary form: a snapshot starts LFCS, or LFZS deflated.
        const snapshot = typeof m === 'string' ? m.startsWith('{"type":"frames/snapshot"') : ['LFCS', 'LFZS'].includes(m.subarray(0, 4).toString('latin1'));
        if (snapshot) held.push(m);
        else ws.send(m);
      });
    });
    await other.goto(linkWith(link.hash));
    await expect(new LoupePage(other).sessionTabs.getByRole('tab', { selected: true })).toHaveAttribute('id', sessionTab);
    await expect.poll(() => held.length).toBe(1);
    await expect(other.getByRole('listbox', { name: 'Sequence diagram' }).getByRole('option')).toHaveCount(0);
    // Before the frames, the address bar still names the linked frame.
    expect(new URL(other.url()).hash).toBe(link.hash);
    release();
    await expectView(other, sessionTab, seq);
    await expect.poll(() => new URL(other.url()).hash).toBe(link.hash);
    // And it stays so: nothing written after the frames takes it away again.
    await other.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(new URL(other.url()).hash).toBe(link.hash);
    await other.close();
  });

  await test.step('a reload keeps the view', async () => {
    await page.reload();
    await expectView(page, sessionTab, seq);
    expect(new URL(page.url()).hash).toBe(link.hash);
  });
});

test('a link to a session the proxy does not know says so and the page keeps working', async ({ page }) => {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  const lp = new LoupePage(page);
  await lp.open(linkWith('#s=no-such-session&pane=sequence&frame=3'));
  await expect(page.getByText('The proxy does not know this session any more')).toBeVisible();
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#s=(?!no-such-session)[^&]+$/);
  expect(errors).toEqual([]);
});
