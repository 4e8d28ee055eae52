/**
 * A real host's session, seen through `loupe tap`: the SDK client plays the host and starts
 * server-everything through the tap; the dashboard shows the session live with every view, lists
 * it under Recorded taps, and offers no client (Loupe is not a peer in a host's session).
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const EVERYTHING = [path.join(repoRoot, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];

const loupe = loupePerFile();

test("a host's session through the tap: live in the dashboard, every view, no client", async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const taps = page.getByRole('list', { name: 'Recorded taps' });
  await expect(lp.sidebar.getByText('No taps yet.')).toBeVisible();

  const host = new Client({ name: 'a-host', version: '1.0.0' });
  await host.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(repoRoot, 'bin/loupe.mjs'), 'tap', '--config-dir', loupe.configDir, '--name', 'everything', '--', process.execPath, ...EVERYTHING],
      stderr: 'ignore',
    }),
  );
  try {
    // The dashboard learns of the tap from its file in the config dir (a watch, and a scan every two
    // seconds); on a machine busy with other test steps that can take longer than the usual wait.
    await expect(taps.getByRole('button', { name: /^Open tap everything/ })).toContainText('live', { timeout: 30_000 });
    await lp.sessions.getByRole('button', { name: /^Open session everything/ }).click();
    await expect(lp.fact('source')).toContainText('tap');
    await expect(lp.status.getByRole('button', { name: 'Client' })).toHaveCount(0);
    await expect(lp.status.getByRole('button', { name: 'Stop following' })).toBeVisible();

    await host.callTool({ name: 'echo', arguments: { message: 'from the host' } });
    const call = await lp.traffic.expectRow('request', /tools\/call/);
    expect(call.dir).toMatch(/client/);
    const result = await lp.traffic.expectRow('response', /tools\/call/);
    expect(result.latency).toMatch(/ms/);

    await page.getByRole('tab', { name: 'Sequence' }).click();
    await expect(
      page
        .getByRole('listbox', { name: 'Sequence diagram' })
        .getByRole('option', { name: /tools\/call/ })
        .first(),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Capabilities' }).click();
    // The Capabilities pane's table (the header names the host's capabilities too, from the frames).
    await expect(page.getByRole('table', { name: /^Client capabilities/ })).toBeVisible();
    await expect(lp.fact('client capabilities')).toBeVisible();
    await page.getByRole('tab', { name: 'Timing' }).click();
    await expect(page.getByRole('table', { name: 'Latency by method' }).getByRole('row', { name: /^tools\/call client 1 / })).toHaveCount(1);
    await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Annotations' }).click();
    await expect(page.getByRole('region', { name: 'Expert info' })).toBeVisible();
    await page.getByRole('button', { name: 'Export…' }).click();
    await expect(page.getByRole('dialog', { name: 'Export trace' })).toBeVisible();
    await page.keyboard.press('Escape');
    // Loupe is not a peer in a host's session: nothing in the page can send into it.
    await expect(page.getByRole('button', { name: /send/i })).toHaveCount(0);
  } finally {
    await host.close();
  }
  await expect(lp.status.getByText('closed', { exact: true })).toBeVisible({ timeout: 20_000 });
  // A host closing its server is how a session ends, not an error.
  await expect(lp.status.getByRole('alert')).toHaveCount(0);
  await expect(taps.getByRole('button', { name: /^Open tap everything/ })).toContainText('ended');
});
