/**
 * "Tap a URL" from the page: the dashboard starts an HTTP tap in the proxy against
 * server-everything in streamableHttp mode, shows the local address to give the host, follows the
 * host's traffic live as a tapped session, and stops the tap.
 */
import { expect, test } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startEverything, type RunningServer } from '../proxy/transports/http/testing';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const loupe = loupePerFile();
let server: RunningServer;

test.beforeAll(async () => {
  server = await startEverything('streamableHttp');
});

test.afterAll(async () => {
  await server?.stop();
});

test('starts an HTTP tap from the page, shows the host traffic live, and stops it', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const taps = page.getByRole('list', { name: 'Recorded taps' });

  await test.step('a URL that is not one is refused in the form, with the reason', async () => {
    await lp.sidebar.getByRole('button', { name: '+ Tap a URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tap a URL' });
    await dialog.getByRole('textbox', { name: 'Server URL' }).fill('not a url');
    await dialog.getByRole('button', { name: 'Start tap' }).click();
    await expect(dialog.getByRole('alert')).toContainText('is not a URL');
    await dialog.getByRole('textbox', { name: 'Server URL' }).fill(server.url);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('everything-remote');
    await dialog.getByRole('button', { name: 'Start tap' }).click();
    await expect(dialog).toBeHidden();
  });

  const entry = taps.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Open tap everything-remote/ }) });
  await expect(entry.getByRole('button', { name: /^Open tap everything-remote/ })).toContainText('live');
  const address = await entry.getByLabel('Local address of everything-remote', { exact: true }).innerText();
  // The listener is on loopback, and the host keeps the server's path.
  expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  await expect(lp.fact('source')).toContainText('tap');
  await expect(lp.status.getByRole('button', { name: 'Client' })).toHaveCount(0);

  await test.step('a host (the SDK client) pointed at the address: its frames appear live', async () => {
    const host = new Client({ name: 'a-remote-host', version: '1.0.0' });
    await host.connect(new StreamableHTTPClientTransport(new URL(address)));
    try {
      const echo = await host.callTool({ name: 'echo', arguments: { message: 'through the page tap' } });
      expect(JSON.stringify(echo.content)).toContain('through the page tap');
      await lp.traffic.expectRow('request', 'initialize');
      const call = await lp.traffic.expectRow('request', /tools\/call/);
      expect(call.dir).toMatch(/client/);
      await lp.traffic.expectRow('response', /tools\/call/);
    } finally {
      await host.close();
    }
  });

  await test.step('Stop closes the listener; the recording stays listed as ended', async () => {
    await entry.getByRole('button', { name: 'Stop tap everything-remote' }).click();
    await expect(entry.getByRole('button', { name: /^Open tap everything-remote/ })).toContainText('ended');
    await expect(lp.status.getByText('closed', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(fetch(address, { method: 'POST' })).rejects.toThrow();
  });
});
