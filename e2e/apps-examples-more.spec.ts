/**
 * The other three example servers of the ext-apps SDK, as they run with no network but the
 * loopback (the spec cuts off every other request, so this holds wherever it runs; it is what they
 * do offline, not all they do online):
 *
 * - server-budget-allocator: its app draws from the tool result alone. A slider moved in the app
 *   changes only the app; the host sees it by calling the tools the app offers (tools/list and
 *   tools/call from the host to the app, on its channel), and a reload keeps the app's lane.
 * - server-pdf: given a local file on its command line, its app reads the bytes through the host
 *   (an app-only tool, forwarded to the server), renders them with PDF.js, and tells the host what
 *   the person sees (ui/update-model-context) when they turn the page.
 * - server-map: its app loads CesiumJS from a CDN before it connects; with no network that load
 *   fails, so it never sends ui/initialize. Its declared csp is applied as declared, and the
 *   failed load is no CSP violation: the policy allowed it, the network did not answer.
 *
 * Each time the app.* and host.* rules stay quiet.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Frame } from '../lib/mcp/frame';
import { appView, bridgeFindings, connectExample, methodOf, toolNameOf } from './support/app-examples';
import { loupePerFile } from './support/loupe';
import { writeTinyPdf } from './support/tiny-pdf';
import { traceFrames } from './support/trace-frames';

const loupe = loupePerFile();

test.use({ viewport: { width: 1280, height: 720 } });

// No network but the loopback, wherever the spec runs: what leaves for the internet is cut off (and noted).
let cutOff: string[] = [];
test.beforeEach(async ({ context }) => {
  cutOff = [];
  await context.route(/^https?:\/\/(?!(127\.0\.0\.1|localhost)[:/])/, (route) => {
    cutOff.push(route.request().url());
    return route.abort('internetdisconnected');
  });
});

const onApp = (frames: Frame[], dir: 'c2s' | 's2c', method: string) => frames.filter((f) => f.channel === 'app:1' && f.dir === dir && methodOf(f) === method);

async function callAppTool(page: Page, toolName: string, appTool: string, args: string): Promise<void> {
  const tools = page.getByRole('article', { name: `App ${toolName}` }).getByRole('region', { name: 'App tools' });
  await tools.getByRole('combobox', { name: 'App tool' }).selectOption(appTool);
  await tools.getByRole('textbox', { name: 'App tool arguments' }).fill(args);
  await tools.getByRole('button', { name: 'Call app tool' }).click();
}

test("server-budget-allocator: the host reads and sets the app's allocation through the tools the app offers", async ({ page }) => {
  const client = await connectExample(page, loupe.url, 'budget', 'server-budget-allocator');
  await expect(client.toolOption('get-budget-data')).toHaveAccessibleDescription(/has an app: ui:\/\/budget-allocator\/mcp-app\.html/);
  await client.pickTool('get-budget-data');
  await client.call('get-budget-data');
  const app = client.root.getByRole('article', { name: 'App get-budget-data' });
  await expect(app.getByRole('status', { name: 'App status' })).toHaveText('running · Budget Allocator 1.0.0');
  const view = appView(page, 'get-budget-data');
  const marketing = view.locator('.slider-row[data-category-id="marketing"]');
  await expect(marketing).toContainText('25.0%');

  // The person moves a slider: the app alone changes (it sends nothing for it).
  await marketing.getByRole('slider').fill('40');
  await expect(marketing).toContainText('40.0%');
  await expect(view.getByText(/Allocated: \$115,000 \/ \$100,000/)).toBeVisible();

  // The app declared tools; the host listed them once it was initialized.
  const tools = app.getByRole('region', { name: 'App tools' });
  await expect(tools).toContainText('5 listed by the app');
  await callAppTool(page, 'get-budget-data', 'get-allocations', '{}');
  await expect(tools.getByRole('status', { name: 'App tool result' })).toContainText(/"marketing": \{\s*"percent": 40,/);
  await callAppTool(page, 'get-budget-data', 'set-allocation', '{"categoryId": "marketing", "percent": 25}');
  await expect(tools.getByRole('status', { name: 'App tool result' })).toHaveText('Set Marketing allocation to 25.0% ($25,000)');
  await expect(marketing).toContainText('25.0%');
  await expect(view.getByText(/Allocated: \$100,000 \/ \$100,000/)).toBeVisible();

  const frames = await traceFrames(
    loupe.url,
    'budget',
    (fs) => onApp(fs, 's2c', 'tools/call').length === 2 && fs.filter((f) => f.channel === 'app:1').length > 12,
  );
  expect(onApp(frames, 's2c', 'tools/list')).toHaveLength(1);
  expect(onApp(frames, 's2c', 'tools/call').map(toolNameOf)).toEqual(['get-allocations', 'set-allocation']);
  // The app's calls went nowhere else: the host answered nothing to the server for them.
  expect(frames.filter((f) => f.channel === undefined && methodOf(f) === 'tools/call').map(toolNameOf)).toEqual(['get-budget-data']);
  expect(bridgeFindings(frames)).toEqual([]);

  // A reload keeps the app's lane, with the host's calls to the app on it.
  await page.reload();
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Sequence', exact: true }).click();
  const sequence = page.getByRole('region', { name: 'Sequence' });
  await expect(sequence.locator('[data-lane="app:1"]')).toHaveText('App #1');
  const hostCall = page.getByRole('listbox', { name: 'Sequence diagram' }).getByRole('option', { name: /App #1, host → app, request, tools\/call/ });
  await hostCall.first().scrollIntoViewIfNeeded();
  await expect(hostCall).toHaveCount(2);
});

test('server-pdf: a local PDF is read through the host, rendered, and each page the person turns to is told to the host', async ({ page }) => {
  // The viewer is 4 MB of HTML with PDF.js inside: on a busy machine it takes a while to start.
  test.setTimeout(180_000);
  const slow = { timeout: 60_000 };
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'loupe-pdf-')), 'two-pages.pdf');
  writeTinyPdf(file, ['Loupe page one', 'Loupe page two']);
  const client = await connectExample(page, loupe.url, 'pdf', 'server-pdf', [file]);
  await expect(client.toolOption('read_pdf_bytes')).toHaveAccessibleDescription(/visible to the app only/);
  await client.pickTool('display_pdf');
  await client.toolForm('display_pdf').getByRole('textbox', { name: 'url' }).fill(file);
  await client.call('display_pdf');
  const app = client.root.getByRole('article', { name: 'App display_pdf' });
  await expect(app.getByRole('status', { name: 'App status' })).toHaveText('running · PDF Viewer 1.0.0', slow);
  // PDF.js draws on animation frames, which Chromium holds back in a frame out of sight: look at it, as a person would.
  await page.locator('iframe[title="MCP App display_pdf"]').scrollIntoViewIfNeeded();
  const view = appView(page, 'display_pdf');
  await expect(view.getByText('of 2')).toBeVisible(slow);
  await expect(view.getByText('Loupe page one')).toBeAttached();

  await view.getByTitle('Next page (→)').click();
  const requests = app.getByRole('list', { name: 'App requests' });
  await expect(
    requests
      .getByRole('listitem')
      .filter({ hasText: /^context/ })
      .last(),
  ).toContainText(/Current Page: 2\/2[\s\S]*Page content:\s*Loupe page two/);

  const frames = await traceFrames(loupe.url, 'pdf', (fs) => onApp(fs, 'c2s', 'ui/update-model-context').some((f) => f.raw.includes('Current Page: 2/2')));
  // The bytes came through the host: the app's call on its channel, then the host's to the server.
  const appRead = onApp(frames, 'c2s', 'tools/call').find((f) => toolNameOf(f) === 'read_pdf_bytes');
  expect(appRead).toBeDefined();
  expect(frames.some((f) => f.channel === undefined && f.seq > appRead!.seq && methodOf(f) === 'tools/call' && toolNameOf(f) === 'read_pdf_bytes')).toBe(true);
  expect(bridgeFindings(frames)).toEqual([]);
});

test('server-map: with no network CesiumJS never loads, so the app never initializes; its csp is applied as declared and refuses nothing of it', async ({
  page,
}) => {
  const client = await connectExample(page, loupe.url, 'map', 'server-map');
  await expect(client.toolOption('show-map')).toHaveAccessibleDescription(/has an app: ui:\/\/cesium-map\/mcp-app\.html/);
  await expect(client.toolOption('geocode')).not.toHaveAccessibleDescription(/has an app/);
  await client.pickTool('show-map');
  await client.call('show-map');
  const app = client.root.getByRole('article', { name: 'App show-map' });
  // The app says why it stopped, in its own page; it had not connected, so the host still waits.
  await expect(appView(page, 'show-map').getByText('Error: Failed to load CesiumJS from CDN')).toBeVisible();
  await expect(app.getByRole('status', { name: 'App status' })).toHaveText('waiting for ui/initialize');
  expect(cutOff).toEqual(expect.arrayContaining([expect.stringMatching(/^https:\/\/cesium\.com\/downloads\/cesiumjs\/.*\/Cesium\.js$/)]));

  await app.getByText(/^CSP/).click();
  const csp = app.getByRole('region', { name: 'App CSP' });
  const origins = 'https://*.openstreetmap.org https://cesium.com https://*.cesium.com';
  await expect(csp.getByRole('list', { name: 'Declared CSP' }).getByRole('listitem')).toHaveText([`connectDomains: ${origins}`, `resourceDomains: ${origins}`]);
  await expect(csp.getByLabel('Effective CSP')).toContainText(`script-src 'unsafe-inline' blob: data: ${origins}`);
  await expect(csp.getByLabel('Effective CSP')).toContainText(`connect-src ${origins}`);
  await expect(app.getByText(/^CSP/)).not.toContainText('dropped');
  // Only the SDK's probe of eval was refused: the CDN's script was allowed, and failed on the network.
  await expect(csp.getByRole('list', { name: 'CSP violations' }).getByRole('listitem')).toHaveText([/script-src: eval$/]);

  await app.getByRole('button', { name: 'Close App show-map' }).click();
  await expect(app).toHaveCount(0);
  const frames = await traceFrames(loupe.url, 'map', (fs) =>
    fs.some((f) => f.channel === 'app:1' && f.meta?.transport === 'app' && f.meta.event === 'app-unmounted'),
  );
  const bridge = frames.filter((f) => f.channel === 'app:1' && f.lane === 'message').map((f) => `${f.dir} ${methodOf(f)}`);
  // An app that never initialized is not asked to tear down.
  expect(bridge).toEqual(['c2s ui/notifications/sandbox-proxy-ready', 's2c ui/notifications/sandbox-resource-ready']);
  expect(bridgeFindings(frames)).toEqual([]);
});
