/**
 * Names stay readable at 1280×720 and 1440×900: a connection's row keeps its name whole while it
 * is focused or hovered (no buttons squeeze it), the session header shows the whole name, and two
 * sessions of one server read differently in their tabs, the sessions list and the header, with a
 * Connect button that says it starts another session.
 */
import { expect, test, type Locator } from '@playwright/test';
import path from 'node:path';
import { LoupePage } from './pages/LoupePage';
import { box, expectNotClipped, LAYOUT_SIZES } from './support/boxes';
import { loupePerFile, repoRoot } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The element's own text is whole on screen and at least this wide (it was not squeezed to a stub). */
async function expectReadable(l: Locator, minWidth: number): Promise<void> {
  await expect(l).toBeInViewport({ ratio: 1 });
  await expectNotClipped(l);
  expect((await box(l)).width).toBeGreaterThanOrEqual(minWidth);
}

for (const size of LAYOUT_SIZES) {
  test(`at ${size.width}×${size.height} a focused connection row and the session header show whole names`, async ({ page }) => {
    await page.setViewportSize(size);
    const lp = new LoupePage(page);
    await lp.open(loupe.url);
    const name = `apps-basic-long-form-${size.width}`;
    await lp.importServers({ [name]: { command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/long-form.mjs')] } });
    const row = lp.connections.getByRole('listitem', { name, exact: true });

    await lp.connect(name);
    await lp.expectPhase('ready');
    // Focus on the row's button and the pointer over the row: the state that squeezed it.
    await row.getByRole('button', { name: new RegExp(`^Connect ${esc(name)}`) }).focus();
    await row.hover();
    await expectReadable(row.getByText(name, { exact: true }), 120);
    await expect(row.getByText(/^stdio · /)).toHaveAttribute('title', /long-form\.mjs$/);
    expect((await box(row.getByText(/^stdio · /))).width).toBeGreaterThanOrEqual(120);
    expect((await box(row.getByLabel('Declared capabilities'))).width).toBeGreaterThanOrEqual(120);
    await expect(row.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);

    await test.step('Edit and Delete sit with the connection options', async () => {
      await row.getByRole('button', { name: `Connect options of ${name}`, exact: true }).click();
      await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
      await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
      await expectReadable(row.getByText(name, { exact: true }), 120);
      await row.getByRole('button', { name: `Connect options of ${name}`, exact: true }).click();
    });

    await test.step('the built-in connection and its session header', async () => {
      const builtin = lp.connections.getByRole('listitem', { name: BUILTIN, exact: true });
      await lp.connect(BUILTIN);
      await lp.expectPhase('ready');
      await builtin.hover();
      await expectReadable(builtin.getByText(BUILTIN, { exact: true }), 120);
      const heading = lp.status.getByRole('heading', { level: 2 });
      await expect(heading).toHaveText(new RegExp(`^${esc(BUILTIN)}( #\\d+)?$`));
      await expectReadable(heading, 200);
    });
  });

  test(`at ${size.width}×${size.height} two sessions of one server read differently and Connect says it opens another`, async ({ page }) => {
    await page.setViewportSize(size);
    const lp = new LoupePage(page);
    await lp.open(loupe.url);
    // The file's Loupe is shared: this server may have sessions from the test before.
    const listed = page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: new RegExp(`^Open session ${esc(BUILTIN)}`) });
    const connect = lp.connections.getByRole('button', { name: new RegExp(`^Connect ${esc(BUILTIN)}`) });
    // The connections and the sessions come in one snapshot: once the row is drawn, the list is too.
    await expect(connect).toBeVisible();
    if ((await listed.count()) === 0) await expect(connect).toHaveText('Connect');
    await lp.connect(BUILTIN);
    await lp.expectPhase('ready');
    const count = await listed.count();

    await test.step('with a session open, the button names what it will do', async () => {
      await expect(connect).toHaveText('New session');
      await expect(connect).toHaveAccessibleName(`Connect ${BUILTIN} again (new session)`);
      await expect(connect).toHaveAttribute(
        'title',
        new RegExp(`^${esc(BUILTIN)}( #\\d+)? \\d\\d:\\d\\d:\\d\\d is open.*another session beside it \\(#${count + 1}\\)`),
      );
      await expectReadable(connect, 40);
    });

    await test.step('the new session is numbered in its tab, the sessions list and its header', async () => {
      await connect.click();
      await lp.expectPhase('ready');
      const ordinal = `#${count + 1}`;
      const tab = lp.sessionTabs.getByRole('tab', { selected: true });
      await expect(tab).toHaveAccessibleName(new RegExp(` ${ordinal} \\d\\d:\\d\\d:\\d\\d$`));
      // What tells the tabs apart is on screen, not cut off by an ellipsis.
      await expectReadable(tab.getByText(ordinal, { exact: true }), 10);
      await expectReadable(tab.getByText(/^\d\d:\d\d:\d\d$/), 30);
      const same = await lp.sessionTabs.getByRole('tab', { name: new RegExp(`^${esc(BUILTIN)}`) }).evaluateAll((tabs) => tabs.map((t) => t.textContent));
      expect(same.length).toBeGreaterThanOrEqual(2);
      expect(new Set(same).size).toBe(same.length);
      await expect(tab.getByText(BUILTIN)).toHaveAttribute('class', /truncate/);
      await expect(tab.locator('[title]').first()).toHaveAttribute('title', new RegExp(`^${esc(BUILTIN)} ${ordinal} `));

      const listed = page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: new RegExp(`^Open session .* ${ordinal} `) });
      await expectReadable(listed.getByText(ordinal, { exact: true }), 10);
      await expectReadable(listed.getByText(/^\d\d:\d\d:\d\d$/), 30);

      const heading = lp.status.getByRole('heading', { level: 2 });
      await expect(heading).toHaveText(`${BUILTIN} ${ordinal}`);
      await expectReadable(heading, 200);
    });
  });
}
