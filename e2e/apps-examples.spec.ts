/**
 * The ext-apps SDK's example servers as a person would try them in Loupe: each lists a tool with a
 * UI over stdio, its app renders in the sandbox, a click in the app calls the server through the
 * host, and the bridge judged by the app.* and host.* rules finds nothing wrong (with the View the
 * SDK built, and with Loupe as its host). server-basic-vanillajs is e2e/apps-render.spec.ts's.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import type { Frame } from '../lib/mcp/frame';
import { modelOf } from '../lib/model/session-model';
import { ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';
import { traceFrames } from './support/trace-frames';

const loupe = loupePerFile();
const example = (name: string) => path.join(repoRoot, `node_modules/@modelcontextprotocol/${name}/dist/index.js`);

test.use({ viewport: { width: 1280, height: 720 } });

async function connect(page: Page, name: string, server: string): Promise<ClientPanel> {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.addConnection({ name, command: process.execPath, args: [example(server), '--stdio'] });
  await lp.connect(name);
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  return client;
}

const method = (f: Frame): string | undefined => {
  try {
    return (JSON.parse(f.raw) as { method?: string }).method;
  } catch {
    return undefined;
  }
};
const toolName = (f: Frame): string | undefined => {
  try {
    return (JSON.parse(f.raw) as { params?: { name?: string } }).params?.name;
  } catch {
    return undefined;
  }
};

/** The session's app.* and host.* findings, as the analyser gives them for the whole trace. */
const bridgeFindings = (frames: Frame[]) =>
  modelOf(frames)
    .annotations.filter((a) => /^(app|host)\./.test(a.rule))
    .map((a) => `${a.rule}: ${a.message}`);

test('server-basic-react: the React app renders, asks the server for the time through the host, and its bridge is sound', async ({ page }) => {
  const client = await connect(page, 'basic react', 'server-basic-react');
  await expect(client.toolOption('get-time')).toHaveAccessibleDescription(/has an app: ui:\/\/get-time\/mcp-app\.html/);
  await client.pickTool('get-time');
  await client.call('get-time');
  const app = client.root.getByRole('article', { name: 'App get-time' });
  await expect(app.getByRole('status', { name: 'App status' })).toHaveText(/^running/);
  const view = page.frameLocator('iframe[title="MCP App get-time"]').frameLocator('iframe[title="MCP App"]');
  await view.getByRole('button', { name: 'Get Server Time' }).click();
  const frames = await traceFrames(loupe.url, 'basic react', (fs) => fs.some((f) => f.channel === undefined && method(f) === 'tools/call' && f.seq > 20));
  // The click was the app's tools/call on its channel, then the host's on the session's.
  const appCall = frames.find((f) => f.channel === 'app:1' && method(f) === 'tools/call');
  expect(appCall).toBeDefined();
  expect(frames.some((f) => f.channel === undefined && f.seq > appCall!.seq && method(f) === 'tools/call')).toBe(true);
  expect(bridgeFindings(frames)).toEqual([]);
});

test('server-debug: app-only tools are marked, the app calls one through the host, and asks for a display mode the host offers', async ({ page }) => {
  const client = await connect(page, 'debug app', 'server-debug');
  // Listed for apps only: a host keeps them from its model; Loupe lists them and says so.
  await expect(client.toolOption('debug-refresh')).toHaveAccessibleDescription(/visible to the app only/);
  await expect(client.toolOption('debug-tool')).not.toHaveAccessibleDescription(/only/);
  await client.pickTool('debug-tool');
  await client.call('debug-tool');
  const app = client.root.getByRole('article', { name: 'App debug-tool' });
  await expect(app.getByRole('status', { name: 'App status' })).toHaveText(/^running/);
  const view = page.frameLocator('iframe[title="MCP App debug-tool"]').frameLocator('iframe[title="MCP App"]');
  await view.getByRole('button', { name: 'Call debug-refresh' }).click();
  await view.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(app.getByRole('button', { name: 'Back inline' })).toBeVisible();
  const frames = await traceFrames(loupe.url, 'debug app', (fs) =>
    fs.some((f) => f.channel === undefined && method(f) === 'tools/call' && toolName(f) === 'debug-refresh'),
  );
  expect(frames.some((f) => f.channel === 'app:1' && method(f) === 'ui/request-display-mode')).toBe(true);
  expect(bridgeFindings(frames)).toEqual([]);
});
