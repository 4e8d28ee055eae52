/**
 * With the client panel open and a frame selected, the frame's detail docks below the panel: the
 * tool's Call button stays in view and clickable however long its form is, at 1280×720 and
 * 1440×900. Measured from element boxes in a real browser.
 */
import { expect, test, type Locator } from '@playwright/test';
import path from 'node:path';
import { ClientPanel, connectEverything } from './pages/ClientPanel';
import { box, expectInside, LAYOUT_SIZES } from './support/boxes';
import { loupePerFile, repoRoot } from './support/loupe';

const loupe = loupePerFile();

/** The button is wholly on screen, inside the client panel, and the topmost thing at its centre. */
async function expectReachable(button: Locator, client: ClientPanel): Promise<void> {
  await expect(button).toBeInViewport({ ratio: 1 });
  expectInside(await box(button), await box(client.root), 'the action inside the client panel');
  const hit = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top !== null && el.contains(top);
  });
  expect(hit, 'nothing covers the action').toBe(true);
}

for (const size of LAYOUT_SIZES) {
  test(`at ${size.width}×${size.height} a selected frame leaves the tool's Call button in view`, async ({ page }) => {
    await page.setViewportSize(size);
    const { lp, client } = await connectEverything(page, loupe.url);

    await test.step('a short form: get-sum', async () => {
      await client.pickTool('get-sum');
      await lp.traffic.row('response', 'tools/list').click();
      await expect(lp.detail).toContainText('tools/list');
      await expectReachable(client.root.getByRole('button', { name: 'Call get-sum' }), client);
    });

    await test.step('a long form: sixteen arguments and a long description', async () => {
      // One Loupe serves the file: each size saves a connection of its own.
      const name = `long-form ${size.width}`;
      await lp.addConnection({ name, command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/long-form.mjs')] });
      await lp.connect(name);
      await lp.expectPhase('ready');
      const form = new ClientPanel(page);
      await form.showTools();
      await form.pickTool('build-report');
      await lp.traffic.row('response', 'tools/list').click();
      await expect(lp.detail).toContainText('tools/list');
      // The form is taller than the panel: the panel scrolls, the action does not.
      expect(await form.root.evaluate((el) => el.scrollHeight > el.clientHeight + 100)).toBe(true);
      const call = form.root.getByRole('button', { name: 'Call build-report' });
      await expectReachable(call, form);
      await form.toolForm('build-report').getByRole('textbox', { name: 'title' }).fill('weekly');
      await expectReachable(call, form);
      await call.click();
      await expect(form.result).toContainText('report weekly built');
    });
  });
}
