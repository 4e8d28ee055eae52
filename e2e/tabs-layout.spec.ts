/**
 * Many sessions stay tellable apart and reachable: sessions of one connection get distinct tab
 * labels, the tab strip scrolls without its scrollbar covering the tabs and keeps the new tab in
 * view at 1440 px, and a long connections list scrolls on its own so Sessions and Trace files
 * stay on screen.
 */
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

test.use({ viewport: { width: 1440, height: 900 } });

test('six sessions of one connection: distinct labels, the new tab in view and not covered', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const tabs = lp.sessionTabs.getByRole('tab');
  for (let i = 1; i <= 6; i++) {
    await lp.connect(BUILTIN);
    await expect(tabs).toHaveCount(i);
    await lp.expectPhase('ready');
  }
  const labels = await tabs.allInnerTexts();
  expect(new Set(labels).size).toBe(6);
  expect(labels.filter((l) => / #\d+ /.test(l))).toHaveLength(5);

  const strip = await lp.sessionTabs.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const active = el.querySelector('[role="tab"][aria-selected="true"]')!.getBoundingClientRect();
    // clientHeight/Width exclude the scrollbar: a tab below or past them is covered or cut off.
    return { top: box.top, left: box.left, clientHeight: el.clientHeight, clientWidth: el.clientWidth, scrolls: el.scrollWidth > el.clientWidth, active };
  });
  expect(strip.scrolls).toBe(true);
  expect(strip.active.bottom).toBeLessThanOrEqual(strip.top + strip.clientHeight + 1);
  expect(strip.active.right).toBeLessThanOrEqual(strip.left + strip.clientWidth + 1);
  expect(strip.active.left).toBeGreaterThanOrEqual(strip.left - 1);
});

test('a long connections list scrolls by itself: Sessions and Trace files stay in view', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const mcpServers = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`server-${String(i).padStart(2, '0')}`, { command: 'node', args: ['x.mjs'] }]));
  await lp.importServers(mcpServers);
  await expect(lp.connections.getByRole('listitem', { name: 'server-24' })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Trace files' })).toBeInViewport();
  await lp.connections.getByRole('listitem', { name: 'server-24' }).scrollIntoViewIfNeeded();
  await expect(lp.connections.getByRole('listitem', { name: 'server-24' })).toBeInViewport();
});
