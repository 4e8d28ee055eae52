/**
 * A trace holding an MCP App's bridge traffic (the golden apps session, recorded from the ext-apps
 * example server with the SDK's own App and AppBridge), opened in the page at 1280×720 and
 * 1440×900: the traffic table names and filters the app's channel, the detail pane links the
 * app's forwarded tools/call with the host's request for it, and the sequence diagram draws the
 * app as a participant of its own, left of its host.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { box, expectInside, LAYOUT_SIZES } from './support/boxes';
import { loupePerFile, repoRoot } from './support/loupe';

const loupe = loupePerFile();
const TRACE = path.join(repoRoot, 'e2e/golden/apps-basic.v3.loupe.ndjson');
const frames = readFileSync(TRACE, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => JSON.parse(l) as { seq: number; channel?: string; raw: string });
const APP_FRAMES = frames.filter((f) => f.channel === 'app:1').length;
const APP_CALL = frames.find((f) => f.channel === 'app:1' && f.raw.includes('"method":"tools/call"'))!.seq;
const HOST_CALL = frames.find((f) => f.channel === undefined && f.raw.includes('"progressToken":1'))!.seq;

async function openTrace(page: Page): Promise<LoupePage> {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar.getByLabel('Trace file', { exact: true }).setInputFiles(TRACE);
  await expect(lp.status).toContainText(`imported trace · ${frames.length} frames · offline`);
  return lp;
}

for (const size of LAYOUT_SIZES) {
  test(`an MCP App's channel in the traffic table and the sequence diagram at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const lp = await openTrace(page);
    const channel = page.getByRole('combobox', { name: 'Channel' });
    const total = page.getByText(/^\d+( of \d+)? frames$/);

    await test.step('the channel filter keeps one app, or the session alone', async () => {
      await expect(channel.getByRole('option')).toHaveText(['All channels', 'Session', 'App #1']);
      await channel.selectOption({ label: 'App #1' });
      await expect(total).toHaveText(`${APP_FRAMES} of ${frames.length} frames`);
      const init = await lp.traffic.expectRow('request', 'App #1 ui/initialize');
      expect(init.dir).toBe('app → host');
      expect((await lp.traffic.expectRow('response', 'App #1 ui/initialize')).dir).toBe('host → app');
      // Only the app's rows are listed, every one carrying its badge.
      for (const row of await lp.traffic.all()) expect(row.method, `row ${row.seq}`).toMatch(/^App #1 /);
      await lp.screenshot(`apps-channel-traffic-${size.width}x${size.height}`);
      // The channel menu leaves the text filter and the count in view beside it.
      const page_ = { x: 0, y: 0, width: size.width, height: size.height };
      expectInside(await box(page.getByRole('searchbox', { name: 'Filter by method' })), page_, 'the text filter');
      expectInside(await box(total), page_, 'the frame count');

      await channel.selectOption({ label: 'Session' });
      await expect(total).toHaveText(`${frames.length - APP_FRAMES} of ${frames.length} frames`);
      const sessionInit = await lp.traffic.expectRow('request', 'initialize');
      expect(sessionInit.dir).toMatch(/client/);
      for (const row of await lp.traffic.all()) expect(row.method, `row ${row.seq}`).not.toMatch(/App #1/);
      await channel.selectOption({ label: 'All channels' });
      await expect(total).toHaveText(`${frames.length} frames`);
    });

    await test.step("the detail pane names the channel and links the app's forwarded call with the host's", async () => {
      await lp.traffic
        .rows()
        .filter({ hasText: /^\s*\d+/ })
        .first()
        .waitFor();
      await lp.traffic.grid
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell', { name: String(APP_CALL), exact: true }) })
        .click();
      const detail = page.getByRole('region', { name: `Frame ${APP_CALL}` });
      await expect(detail).toContainText('channelApp #1');
      await expect(detail).toContainText(`forwardedby the host to the server as #${HOST_CALL}`);
      await detail.getByRole('button', { name: "Go to the host's request" }).click();
      const host = page.getByRole('region', { name: `Frame ${HOST_CALL}` });
      await expect(host).toContainText('channelSession');
      await expect(host).toContainText(`forwardedfor App #1's request #${APP_CALL}`);
      await host.getByRole('button', { name: "Go to the app's request" }).click();
      await expect(page.getByRole('region', { name: `Frame ${APP_CALL}` })).toBeVisible();
    });

    await test.step('the sequence diagram draws App #1 as a participant left of its host', async () => {
      await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Sequence', exact: true }).click();
      const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
      const region = page.getByRole('region', { name: 'Sequence' });
      const appTitle = region.locator('[data-lane="app:1"]');
      const hostTitle = region.locator('[data-lane="client"]');
      const serverTitle = region.locator('[data-lane="server"]');
      await expect(appTitle).toHaveText('App #1');
      await expect(hostTitle).toHaveText('host');
      const [a, h, s] = [await box(appTitle), await box(hostTitle), await box(serverTitle)];
      expect(a.x + a.width).toBeLessThan(h.x);
      expect(h.x + h.width).toBeLessThan(s.x);
      // Every title shows whole inside the pane.
      const pane = await box(region);
      for (const t of [a, h, s]) expect(t.x + t.width).toBeLessThanOrEqual(pane.x + pane.width);

      const appCall = diagram.getByRole('option', {
        name: new RegExp(`^#${APP_CALL}, App #1, app → host, request, tools/call #1, answered by #\\d+, forwarded to the server as #${HOST_CALL}`),
      });
      await appCall.scrollIntoViewIfNeeded();
      await expect(appCall).toBeVisible();
      const hostCall = diagram.getByRole('option', {
        name: new RegExp(`^#${HOST_CALL}, client → server, request, tools/call #4, .*forwards the app's request #${APP_CALL}`),
      });
      await expect(hostCall).toBeVisible();
      // The app's arrow runs from the App #1 lifeline to the host's; the host's from the host's to the server's.
      const ends = async (row: typeof appCall) =>
        row
          .locator('line')
          .first()
          .evaluate((l) => [Number(l.getAttribute('x1')), Number(l.getAttribute('x2'))]);
      const rowLeft = (await box(appCall)).x;
      const centre = (b: { x: number; width: number }) => b.x + b.width / 2 - rowLeft;
      const [ax1, ax2] = await ends(appCall);
      expect(Math.abs(ax1 - centre(a))).toBeLessThan(2);
      expect(Math.abs(ax2 - centre(h))).toBeLessThan(2);
      const [hx1, hx2] = await ends(hostCall);
      expect(Math.abs(hx1 - centre(h))).toBeLessThan(2);
      expect(Math.abs(hx2 - centre(s))).toBeLessThan(2);
      await lp.screenshot(`apps-channel-sequence-${size.width}x${size.height}`);
    });
  });
}
