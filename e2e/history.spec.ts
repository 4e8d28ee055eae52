/**
 * History, end to end: a session with the real server-everything is stored on disk as it runs;
 * once it ends it is listed in the sidebar's History, opens read-only with its frames in the
 * traffic table, and is deleted from disk after a confirm.
 */
import { expect, test } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

test('a finished session is listed in History, opens with its frames, and is deleted', async ({ page }) => {
  const lp = new LoupePage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await lp.open(loupe.url);
  const stored = () => (existsSync(path.join(loupe.configDir, 'sessions')) ? readdirSync(path.join(loupe.configDir, 'sessions')) : []);

  await test.step('connects to server-everything, lists its tools and disconnects', async () => {
    await lp.connect(BUILTIN);
    await lp.expectPhase('ready');
    await lp.showTools();
    await lp.traffic.expectRow('response', 'tools/list');
    await lp.disconnect();
    await lp.expectPhase('closed');
  });

  const history = page.getByRole('list', { name: 'Stored sessions' });
  const entry = history.getByRole('listitem').first();
  let id = '';
  await test.step('History lists it, ended cleanly, with its frames and size', async () => {
    await lp.sidebar.getByText(/^Stored sessions/).click();
    await expect(entry.getByText('clean', { exact: true })).toBeVisible();
    await expect(entry).toContainText('launched');
    await expect(entry).toContainText(/\d+ frames · \d/);
    [id] = stored();
    expect(id).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/);
    await expect(entry).toHaveAccessibleName(new RegExp(`${id}$`));
  });

  await test.step('Open shows it in a tab of its own with its frames in the traffic table', async () => {
    const tabs = await lp.sessionTabs.getByRole('tab').count();
    await entry.getByRole('button', { name: `Open stored session ${id}` }).click();
    await expect(lp.sessionTabs.getByRole('tab')).toHaveCount(tabs + 1);
    await expect(lp.sessionTabs.getByRole('tab', { selected: true })).toContainText('everything');
    const init = await lp.traffic.expectRow('request', 'initialize');
    const list = await lp.traffic.expectRow('response', 'tools/list');
    expect(list.seq).toBeGreaterThan(init.seq);
    await lp.screenshot('history-1440');
  });

  await test.step('Delete asks once more, then removes it from the list and the disk', async () => {
    await entry.getByRole('button', { name: `Delete stored session ${id}` }).click();
    expect(stored()).toEqual([id]);
    await entry.getByRole('button', { name: `Confirm deleting stored session ${id}` }).click();
    await expect(page.getByText('No stored sessions yet')).toBeVisible();
    expect(stored()).toEqual([]);
  });
});
