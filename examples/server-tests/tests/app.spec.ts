import { createRequire } from 'node:module';
import path from 'node:path';
import { test, expect } from 'mcp-loupe/test';

// The example MCP App server of the ext-apps SDK: its get-time tool names a ui:// resource, the app
// Loupe's page renders after the call. Its command (the package's bin) sits beside its entry.
const entry = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-basic-vanillajs');
const basicApp = path.join(path.dirname(entry), 'index.js');

test.use({ mcpServer: { command: 'node', args: [basicApp, '--stdio'] } });

test("an MCP App: the app's button calls the server through the host", async ({ loupe }) => {
  await loupe.connect();
  const app = await loupe.openApp('get-time', {});
  await expect(app.frame.locator('#server-time')).toHaveText(/^\d{4}-\d\d-\d\dT/);

  await app.frame.getByRole('button', { name: 'Get Server Time' }).click();
  const call = await app.waitForMessage('tools/call', { direction: 'app-to-host' });
  expect(call.params).toMatchObject({ name: 'get-time' });

  // The bridge is judged with the session: the app.* and host.* rules find nothing wrong.
  await expect(loupe).toHaveNoFindings({ severity: 'error' });
  await app.close();
});
