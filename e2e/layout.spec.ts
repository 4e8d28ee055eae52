/**
 * The session view at 1440×900 and 1280×720 with the client panel open: three columns at most
 * (sidebar, the pane, the client panel with the frame detail docked below it), the traffic table
 * with every column it can show and no sideways scroll, one scroll container per area (none nested
 * in another), and a resource-template URI that wraps at its own boundaries, never inside a word.
 * Measured from element boxes in a real browser.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ClientPanel, connectEverything } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const loupe = loupePerFile();
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  expect(b, 'the element has a box').not.toBeNull();
  return b!;
}

/** Scrollable elements (content past their box, overflow auto/scroll) that sit inside another one. */
async function nestedScrollers(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const scrolls = (el: Element) => {
      const st = getComputedStyle(el);
      const y = /(auto|scroll)/.test(st.overflowY) && el.scrollHeight > el.clientHeight + 1;
      const x = /(auto|scroll)/.test(st.overflowX) && el.scrollWidth > el.clientWidth + 1;
      return x || y;
    };
    const name = (el: Element) => el.getAttribute('aria-label') ?? `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`;
    const out: string[] = [];
    for (const el of main.querySelectorAll('*')) {
      if (!scrolls(el)) continue;
      for (let up = el.parentElement; up && up !== main; up = up.parentElement) {
        if (scrolls(up)) out.push(`${name(el)} inside ${name(up)}`);
      }
    }
    return out;
  });
}

/** Three columns at most: the detail sits in the client panel's column, below it, right of the pane. */
async function expectThreeColumns(lp: LoupePage, client: ClientPanel, pane: Locator): Promise<void> {
  const [side, main, detail, panel] = await Promise.all([box(lp.sidebar), box(pane), box(lp.detail), box(client.root)]);
  expect(main.x).toBeGreaterThanOrEqual(side.x + side.width - 1);
  expect(detail.x).toBeGreaterThanOrEqual(main.x + main.width - 1);
  expect(Math.abs(detail.x - panel.x)).toBeLessThanOrEqual(2);
  expect(detail.y).toBeGreaterThanOrEqual(panel.y + panel.height - 1);
  // The pane keeps the full height beside them: nothing was pushed under it.
  expect(main.y + main.height).toBeGreaterThanOrEqual(detail.y + detail.height - 30);
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} the client panel keeps three columns and one scroll per area`, async ({ page }) => {
    await page.setViewportSize(size);
    const { lp, client } = await connectEverything(page, loupe.url);
    await lp.callTool('get-sum', { a: 2, b: 40 });
    await lp.traffic.row('response', 'tools/call').click();

    await test.step('traffic: the table beside the client, the detail docked below the client', async () => {
      await expectThreeColumns(lp, client, lp.traffic.grid);
      // Every column but Size fits, with no sideways scroll.
      const fits = await lp.traffic.grid.evaluate((g) => {
        const wrap = g.closest('.overflow-x-auto')!;
        return wrap.scrollWidth <= wrap.clientWidth + 1;
      });
      expect(fits).toBe(true);
      const [grid, latency] = await Promise.all([box(lp.traffic.grid), box(lp.traffic.grid.getByRole('columnheader', { name: 'Latency' }))]);
      expect(latency.x + latency.width).toBeLessThanOrEqual(grid.x + grid.width + 1);
      await expect(lp.detail).toContainText('tools/call');
    });

    await test.step('resources (listed on Connect) read: the client panel is the one scroll container', async () => {
      await client.tab('Resources');
      await expect(client.root.getByRole('list', { name: 'Resources' }).getByRole('listitem').nth(5)).toBeVisible();
      await client.root.getByRole('button', { name: 'Read demo://resource/static/document/features.md' }).click();
      await expect(client.root.getByRole('region', { name: 'Resource contents' })).toContainText('Everything Server');
      expect(await client.root.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      expect(await nestedScrollers(page)).toEqual([]);
    });

    await test.step('the template URI wraps after its boundaries, never inside a word', async () => {
      await client.root.getByRole('combobox', { name: 'Template' }).selectOption('demo://resource/dynamic/text/{resourceId}');
      const word = 'supercalifragilisticexpialidocious';
      await client.root.getByRole('textbox', { name: 'resourceId' }).fill(word);
      const uri = client.root.getByLabel('Expanded URI');
      await expect(uri).toHaveText(`demo://resource/dynamic/text/${word}`);
      // Each line's first character, and the character before it.
      const breaks = await uri.evaluate((el) => {
        const text = el.textContent ?? '';
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const tops: number[] = [];
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          for (let i = 0; i < (n.textContent ?? '').length; i++) {
            const r = document.createRange();
            r.setStart(n, i);
            r.setEnd(n, i + 1);
            tops.push(Math.round(r.getBoundingClientRect().top));
          }
        }
        const out: string[] = [];
        for (let i = 1; i < tops.length; i++) if (tops[i] > tops[i - 1]) out.push(text[i - 1]);
        return out;
      });
      expect(breaks.length).toBeGreaterThan(0);
      for (const before of breaks) expect('/?&=#').toContain(before);
      await expect(uri).toContainText(word);
    });

    await test.step('sequence: the diagram beside the client, the detail docked below it', async () => {
      await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Sequence', exact: true }).click();
      const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
      await expect(diagram).toBeVisible();
      await expect(lp.detail).toBeVisible();
      await expectThreeColumns(lp, client, diagram);
      expect(await nestedScrollers(page)).toEqual([]);
    });

    await test.step('closing the client panel puts the detail back beside the table', async () => {
      await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Traffic', exact: true }).click();
      await lp.status.getByRole('button', { name: 'Client', exact: true }).click();
      await expect(client.root).toBeHidden();
      const [grid, detail] = await Promise.all([box(lp.traffic.grid), box(lp.detail)]);
      expect(detail.x).toBeGreaterThanOrEqual(grid.x + grid.width - 1);
      expect(Math.abs(detail.y - grid.y)).toBeLessThanOrEqual(40);
      const [g, latency] = await Promise.all([box(lp.traffic.grid), box(lp.traffic.grid.getByRole('columnheader', { name: 'Latency' }))]);
      expect(latency.x + latency.width).toBeLessThanOrEqual(g.x + g.width + 1);
      expect(await nestedScrollers(page)).toEqual([]);
    });
  });
}
