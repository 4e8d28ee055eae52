/**
 * The ext-apps SDK's example servers as a person would try them in Loupe: each lists a tool with a
 * UI over stdio, its app renders in the sandbox, a click in the app calls the server through the
 * host, and the bridge judged by the app.* and host.* rules finds nothing wrong (with the View the
 * SDK built, and with Loupe as its host). server-basic-vanillajs is e2e/apps-render.spec.ts's; budget-allocator, map
 * and pdf are e2e/apps-examples-more.spec.ts's.
 */
import { expect, test } from '@playwright/test';
import { appView, bridgeFindings, connectExample, methodOf as method, toolNameOf as toolName } from './support/app-examples';
import { loupePerFile } from './support/loupe';
import { traceFrames } from './support/trace-frames';

const loupe = loupePerFile();

test.use({ viewport: { width: 1280, height: 720 } });

test('server-basic-react: the React app renders, asks the server for the time through the host, and its bridge is sound', async ({ page }) => {
  const client = await connectExample(page, loupe.url, 'basic react', 'server-basic-react');
  await expect(client.toolOption('get-time')).toHaveAccessibleDescription(/has an app: ui:\/\/get-time\/mcp-app\.html/);
  await client.pickTool('get-time');
  await client.call('get-time');
  const app = client.root.getByRole('article', { name: 'App get-time' });
  await expect(app.getByRole('status', { name: 'App status' })).toHaveText(/^running/);
  const view = appView(page, 'get-time');
  await view.getByRole('button', { name: 'Get Server Time' }).click();
  const frames = await traceFrames(loupe.url, 'basic react', (fs) => fs.some((f) => f.channel === undefined && method(f) === 'tools/call' && f.seq > 20));
  // The click was the app's tools/call on its channel, then the host's on the session's.
  const appCall = frames.find((f) => f.channel === 'app:1' && method(f) === 'tools/call');
  expect(appCall).toBeDefined();
  expect(frames.some((f) => f.channel === undefined && f.seq > appCall!.seq && method(f) === 'tools/call')).toBe(true);
  expect(bridgeFindings(frames)).toEqual([]);
});

test('server-debug: app-only tools are marked, the app calls one through the host, and asks for a display mode the host offers', async ({ page }) => {
  const client = await connectExample(page, loupe.url, 'debug app', 'server-debug');
  // Listed for apps only: a host keeps them from its model; Loupe lists them and says so.
  await expect(client.toolOption('debug-refresh')).toHaveAccessibleDescription(/visible to the app only/);
  await expect(client.toolOption('debug-tool')).not.toHaveAccessibleDescription(/only/);
  await client.pickTool('debug-tool');
  await client.call('debug-tool');
  const app = client.root.getByRole('article', { name: 'App debug-tool' });
  await expect(app.getByRole('status', { name: 'App status' })).toHaveText(/^running/);
  const view = appView(page, 'debug-tool');
  await view.getByRole('button', { name: 'Call debug-refresh' }).click();
  await view.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(app.getByRole('button', { name: 'Back inline' })).toBeVisible();
  const frames = await traceFrames(loupe.url, 'debug app', (fs) =>
    fs.some((f) => f.channel === undefined && method(f) === 'tools/call' && toolName(f) === 'debug-refresh'),
  );
  expect(frames.some((f) => f.channel === 'app:1' && method(f) === 'ui/request-display-mode')).toBe(true);
  expect(bridgeFindings(frames)).toEqual([]);
});
