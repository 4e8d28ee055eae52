/**
 * An MCP App rendered as a host renders it: the example server of the ext-apps SDK
 * (server-basic-vanillajs, over stdio) lists a tool with a UI; Loupe marks it, calls it, reads the
 * tool's ui:// resource through its own client and renders it in the sandbox (a proxy frame on a
 * second loopback origin, the app inside it without allow-same-origin). A button in the app calls
 * a server tool through the host: that tools/call is the session's traffic. Every bridge message
 * is in the session's trace on the app's channel, which a reload keeps. At 1280×720 and 1440×900.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import type { Frame } from '../lib/mcp/frame';
import { ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';
import { traceFrames } from './support/trace-frames';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];
const SERVER = path.join(repoRoot, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
const loupe = loupePerFile();

async function connectBasicApp(page: Page, name: string): Promise<{ lp: LoupePage; client: ClientPanel }> {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.addConnection({ name, command: process.execPath, args: [SERVER, '--stdio'] });
  await lp.connect(name);
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  return { lp, client };
}

/** Scrolls only the client panel (scrolling an element into view would move the page's layout too). */
async function scrollPanelTo(client: ClientPanel, where: 'article' | 'end'): Promise<void> {
  await client.root.evaluate((panel, to) => {
    const app = panel.querySelector('article');
    panel.scrollTop = to === 'end' || !app ? panel.scrollHeight : app.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop - 8;
  }, where);
}

const parsed = (f: Frame): { method?: string; params?: { name?: string } } => {
  try {
    return JSON.parse(f.raw) as { method?: string };
  } catch {
    return {};
  }
};

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test("a tool's app renders in the sandbox, calls the server through the host, and its bridge is in the trace", async ({ page }) => {
      const name = `basic app ${size.width}`;
      const { lp, client } = await connectBasicApp(page, name);

      // Loupe declared the apps extension, so the server listed its UI tool; the list marks it.
      await expect(client.toolOption('get-time')).toHaveAccessibleDescription(/has an app: ui:\/\/get-time\/mcp-app\.html/);
      await client.pickTool('get-time');
      await client.call('get-time');

      const app = client.root.getByRole('article', { name: 'App get-time' });
      await expect(app.getByRole('status', { name: 'App status' })).toHaveText(/^running/);
      await expect(app).toContainText('channel app:1');
      const proxyFrame = page.frameLocator('iframe[title="MCP App get-time"]');
      // The app's own frame: sandboxed, never with allow-same-origin.
      await expect(proxyFrame.locator('iframe[title="MCP App"]')).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
      const view = proxyFrame.frameLocator('iframe[title="MCP App"]');
      // The tool result reached the app (ui/notifications/tool-result): it shows the server's time.
      const time = view.locator('#server-time');
      await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/);

      const calls = async () => (await lp.traffic.all()).filter((r) => r.kind === 'request' && r.method === 'tools/call' && /server/.test(r.dir)).length;
      const before = await calls();
      expect(before).toBeGreaterThanOrEqual(1);
      await view.getByRole('button', { name: 'Get Server Time' }).click();
      // The app's tools/call went to the server through Loupe's client: one more call in the session's traffic.
      // (The trace below tells the app's request from the one forwarded to the server.)
      await expect.poll(calls).toBeGreaterThan(before);
      // Looked at for layout at both sizes; the 1440×900 one is docs/screenshots/app-1440x900.png.
      await scrollPanelTo(client, 'article');
      await page.screenshot({ path: `test-results/apps/app-${size.width}x${size.height}.png` });

      // The app's size request is honoured and said; host context changes reach the app.
      await expect(app).toContainText(/The app asked for \d+ × \d+ px; honoured\./);
      const controls = app.getByRole('group', { name: 'Host context for get-time' });
      await controls.getByRole('combobox', { name: 'Theme' }).selectOption('light');
      await controls.getByRole('combobox', { name: 'Display mode' }).selectOption('fullscreen');
      await expect(app.getByRole('button', { name: 'Back inline' })).toBeVisible();
      await expect(view.getByRole('button', { name: 'Get Server Time' })).toBeVisible();
      await app.getByRole('button', { name: 'Back inline' }).click();
      await expect(controls.getByRole('combobox', { name: 'Display mode' })).toHaveValue('inline');

      // The Open Link button is shown to the person, not followed.
      await view.getByRole('button', { name: 'Open Link' }).click();
      await expect(app.getByRole('list', { name: 'App requests' }).getByRole('button', { name: 'https://modelcontextprotocol.io/' })).toBeVisible();
      expect(page.url()).toContain(new URL(loupe.url).host);

      // The CSP panel: the resource declares no csp, so the app may load nothing from elsewhere.
      await app.getByText(/^CSP/).click();
      const csp = app.getByRole('region', { name: 'App CSP' });
      await expect(csp.getByRole('list', { name: 'Declared CSP' })).toContainText('(none: the app may load nothing from elsewhere)');
      await expect(csp.getByLabel('Effective CSP')).toContainText("connect-src 'none'");
      // The SDK the app is built with probes eval once; the sandbox allows none, and says so.
      await expect(csp.getByRole('list', { name: 'CSP violations' })).toContainText('script-src: eval');

      // Hiding the client panel hides the app but keeps it running: shown again, it is the same
      // app (same channel, the time it showed), and nothing tore it down.
      const shown = await time.textContent();
      const toggle = lp.status.getByRole('button', { name: 'Client', exact: true });
      await toggle.click();
      await expect(client.root).toBeHidden();
      await expect(toggle).toContainText('1 app');
      await client.open();
      await expect(app.getByRole('status', { name: 'App status' })).toHaveText(/^running/);
      await expect(app).toContainText('channel app:1');
      await expect(time).toHaveText(shown!);

      await page.reload();
      const frames = await traceFrames(loupe.url, name, (fs) => fs.filter((f) => f.channel === 'app:1' && parsed(f).method === 'tools/call').length > 0);
      const bridge = frames.filter((f) => f.channel === 'app:1');
      expect(bridge[0].meta).toMatchObject({ transport: 'app', event: 'app-mounted', toolName: 'get-time', resourceUri: 'ui://get-time/mcp-app.html' });
      const methods = bridge.filter((f) => f.lane === 'message').map((f) => `${f.dir} ${parsed(f).method ?? '(answer)'}`);
      expect(methods).toEqual(
        expect.arrayContaining([
          'c2s ui/notifications/sandbox-proxy-ready',
          's2c ui/notifications/sandbox-resource-ready',
          'c2s ui/initialize',
          'c2s ui/notifications/initialized',
          's2c ui/notifications/tool-result',
          'c2s tools/call',
          'c2s ui/open-link',
          's2c ui/notifications/host-context-changed',
        ]),
      );
      // The hidden panel did not unmount the app: its teardown came only with the reload.
      const reasons = bridge
        .map((f) => f.meta as { event?: string; reason?: string } | undefined)
        .filter((m) => m?.event === 'app-unmounted')
        .map((m) => m?.reason);
      expect(reasons.filter((r) => r !== undefined && !/page/.test(r))).toEqual([]);
      // The app's call was forwarded: the session's own channel has it too, after the app's request.
      const appCall = bridge.find((f) => parsed(f).method === 'tools/call')!;
      expect(
        frames.some((f) => f.channel === undefined && f.seq > appCall.seq && parsed(f).method === 'tools/call' && parsed(f).params?.name === 'get-time'),
      ).toBe(true);
    });

    test("the CSP panel shows the resource's declared policy, the one applied, and the violations recorded on the app's channel", async ({ page }) => {
      const name = `apps fixture ${size.width}`;
      const lp = new LoupePage(page);
      await lp.open(loupe.url);
      await lp.addConnection({ name, command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/apps-server.mjs'), '--undeclared'] });
      await lp.connect(name);
      await lp.expectPhase('ready');
      const client = new ClientPanel(page);
      await client.showTools();
      await client.pickTool('undeclared');
      await client.call('undeclared');
      const app = client.root.getByRole('article', { name: 'App undeclared' });
      // The page loads a script from an origin its csp does not name: the sandbox refuses it, and the trace says so.
      await expect(app.getByText(/^CSP/)).toContainText('1 violation');
      await app.getByText(/^CSP/).click();
      const csp = app.getByRole('region', { name: 'App CSP' });
      await expect(csp.getByRole('list', { name: 'Declared CSP' })).toContainText('resourceDomains: https://cdn.example.com');
      await expect(csp.getByLabel('Effective CSP')).toContainText("script-src 'unsafe-inline' blob: data: https://cdn.example.com");
      await expect(csp.getByRole('list', { name: 'CSP violations' })).toContainText(/script-src-elem: https:\/\/cdn\.other\.example\/lib\.js/);
      // The fixture does not speak the bridge: the host keeps waiting for its ui/initialize.
      await expect(app.getByRole('status', { name: 'App status' })).toHaveText('waiting for ui/initialize');
      await scrollPanelTo(client, 'end');
      await page.screenshot({ path: `test-results/apps/app-csp-${size.width}x${size.height}.png` });

      // Read in the Resources tab, an app's HTML is shown as source, with Open as app.
      await client.tab('Resources');
      await client.root.getByRole('button', { name: 'Read ui://apps-server/clock.html' }).click();
      const contents = client.root.getByRole('region', { name: 'Resource contents' });
      await expect(contents.getByLabel('Text as sent')).toContainText('<!doctype html>');
      await contents.getByRole('button', { name: 'Open ui://apps-server/clock.html as app' }).click();
      const clock = client.root.getByRole('article', { name: 'App clock' });
      await expect(clock).toContainText('channel app:2');
      await expect(clock.getByRole('button', { name: 'Close App clock' })).toBeVisible();
      await clock.getByRole('button', { name: 'Close App clock' }).click();
      await expect(clock).toHaveCount(0);
    });
  });
}
