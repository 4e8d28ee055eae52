/**
 * The compact binary form of frames messages, between a real Loupe and a real browser: the page
 * asks for it, a session's snapshot arrives in it, and a message that does not decode or does not
 * inflate is not taken in silently: the page says what is wrong and keeps working.
 */
import { expect, test, type Page } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

/** Opens Loupe in `page`, the proxy's first binary snapshot message changed by `spoil` on its way. */
async function openSpoilingSnapshot(page: Page, spoil: (m: Buffer) => Buffer): Promise<{ spoiled: () => number }> {
  let spoiled = 0;
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => {
      const snapshot = typeof m !== 'string' && ['LFCS', 'LFZS'].includes(m.subarray(0, 4).toString('latin1'));
      if (snapshot && spoiled++ === 0) ws.send(spoil(m));
      else ws.send(m);
    });
  });
  return { spoiled: () => spoiled };
}

/** The launcher's URL (a new page has no token in its sessionStorage) with `page`'s view: its session tab. */
function sameView(page: Page): string {
  const url = new URL(loupe.url);
  url.hash = new URL(page.url()).hash;
  return url.toString();
}

test('a session streams to the page in the binary form', async ({ page }) => {
  const forms: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      if (typeof f.payload !== 'string') forms.push(f.payload.subarray(0, 4).toString('latin1'));
      else if (f.payload.startsWith('{"type":"frames/')) forms.push('JSON');
    }),
  );
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  await expect.poll(() => forms.length).toBeGreaterThan(0);
  expect(forms).not.toContain('JSON');
  expect(forms[0]).toMatch(/^LFC[SA]$/);
});

test('a binary frames message cut short, or one that does not inflate, is said so and the page keeps working', async ({ page, context }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');

  await test.step('cut short', async () => {
    const other = await context.newPage();
    const route = await openSpoilingSnapshot(other, (m) => (m.subarray(0, 3).toString('latin1') === 'LFZ' ? m : m.subarray(0, m.length - 5)));
    await other.goto(sameView(page));
    await expect.poll(route.spoiled).toBeGreaterThan(0);
    await expect(other.getByRole('list', { name: 'Notices' }).getByRole('alert')).toContainText(
      /binary frames message this page does not understand \(.*runs past the end|cut short/,
    );
    await other.close();
  });

  await test.step('not deflate data', async () => {
    const other = await context.newPage();
    // Claims to be deflated (LFZS) but holds bytes no inflater takes.
    const route = await openSpoilingSnapshot(other, () => Buffer.from([0x4c, 0x46, 0x5a, 0x53, 0xff, 0xff, 0xff, 0xff]));
    await other.goto(sameView(page));
    await expect.poll(route.spoiled).toBeGreaterThan(0);
    await expect(other.getByRole('list', { name: 'Notices' }).getByRole('alert')).toContainText('compressed frames message that does not inflate');
    // What came after it still came: the session's tab and its client panel work.
    await expect(new LoupePage(other).sessionTabs.getByRole('tab', { selected: true })).toBeVisible();
    await other.close();
  });
});
