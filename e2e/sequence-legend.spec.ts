/**
 * The dots of the sequence diagram say what they are, at 1280×720 and 1440×900: a legend beside
 * the diagram's controls, and a tooltip (an SVG title that takes the pointer) on each severity mark
 * naming the analyser's findings on that frame.
 */
import { expect, test } from '@playwright/test';
import { connectEverything } from './pages/ClientPanel';
import { box, expectInside, LAYOUT_SIZES } from './support/boxes';
import { loupePerFile } from './support/loupe';

const loupe = loupePerFile();

for (const size of LAYOUT_SIZES) {
  test(`at ${size.width}×${size.height} the sequence diagram's dots have a legend and a tooltip`, async ({ page }) => {
    await page.setViewportSize(size);
    const { lp, client } = await connectEverything(page, loupe.url);
    // A method the server does not know: its error is one more finding for the diagram to mark.
    await client.tab('Utilities');
    await client.root.getByRole('textbox', { name: 'Raw frame' }).fill('{"jsonrpc":"2.0","id":100,"method":"x/unknown","params":{}}');
    await client.root.getByRole('button', { name: 'Send raw' }).click();
    await expect(lp.traffic.grid.getByRole('row').filter({ hasText: 'x/unknown' })).toHaveCount(2);
    await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Sequence', exact: true }).click();
    const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
    await expect(diagram).toBeVisible();

    await test.step('the legend names the severity marks and the lifecycle marks', async () => {
      const legend = page.getByRole('region', { name: 'Sequence' }).getByRole('list', { name: 'Legend' });
      await expect(legend).toBeInViewport({ ratio: 1 });
      await expect(legend.getByRole('listitem')).toHaveText(['finding: error, warning, info', 'lifecycle event']);
      await expect(legend.getByRole('listitem').first()).toHaveAttribute('title', /analyser has a finding on that frame/);
      expectInside(await box(legend), await box(page.getByRole('region', { name: 'Sequence' })), 'the legend within the Sequence pane');
    });

    await test.step("each severity mark has a tooltip with the frame's findings, and takes the pointer", async () => {
      const marks = diagram.locator('[data-severity-mark]');
      await expect(marks.first()).toBeVisible();
      const count = await marks.count();
      expect(count).toBeGreaterThan(0);
      let tested = 0;
      for (let i = 0; i < count; i++) {
        const mark = marks.nth(i);
        const severity = await mark.getAttribute('data-severity-mark');
        await expect(mark.locator('title')).toHaveText(new RegExp(`^The analyser has (a finding|\\d+ findings) on this frame[^]*\\n${severity}: .+ \\(.+\\)`));
        // The topmost element under the dot's centre is the mark itself: hovering it shows its title.
        // (At 1280×720 the early rows are scrolled away: each mark is brought into view first, and
        // one the virtualized diagram does not lay out there is skipped.)
        // Centred, not at an edge, where the diagram's sticky column header would cover it.
        // The diagram lays out the rows scrolled to in an animation frame after the scroll: on a
        // busy machine that can be a while, so the layout is waited for, not read at once.
        await mark.evaluate((g) => g.scrollIntoView({ block: 'center' }));
        const laidOut = await expect
          .poll(() => mark.evaluate((g) => g.querySelector('circle:last-of-type')!.getBoundingClientRect().width > 0), { timeout: 3000 })
          .toBe(true)
          .then(
            () => true,
            () => false,
          );
        if (!laidOut) continue;
        tested++;
        // The diagram follows the session's own frames as they arrive, which may move the rows
        // between the scroll and the look: looked again (scrolled again) until it settles.
        await expect
          .poll(
            () =>
              mark.evaluate((g) => {
                g.scrollIntoView({ block: 'center' });
                const r = g.querySelector('circle:last-of-type')!.getBoundingClientRect();
                const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                return top !== null && g.contains(top);
              }),
            { message: `mark ${i + 1} takes the pointer`, timeout: 3000 },
          )
          .toBe(true);
      }
      expect(tested, 'marks laid out and hit-tested').toBeGreaterThan(0);
    });
  });
}
