/**
 * A remote server by URL, end to end: the page imports an HTTP connection, connects to
 * server-everything in streamableHttp mode (started here on a free loopback port), and shows the
 * HTTP exchanges beside the JSON-RPC messages they carried.
 */
import { expect, test } from '@playwright/test';
import { startEverything, type RunningServer } from '../proxy/transports/http/testing';
import { LoupePage } from './pages/LoupePage';
import { startLoupe, type RunningLoupe } from './support/loupe';

let loupe: RunningLoupe;
let server: RunningServer;
let legacy: RunningServer;

test.beforeAll(async () => {
  server = await startEverything('streamableHttp');
  legacy = await startEverything('sse');
  loupe = await startLoupe();
});

test.afterAll(async () => {
  await loupe?.stop();
  await server?.stop();
  await legacy?.stop();
});

async function importServer(lp: LoupePage, name: string, entry: Record<string, unknown>): Promise<void> {
  await lp.sidebar.getByRole('button', { name: 'Import mcpServers JSON' }).click();
  const dialog = lp.page.getByRole('dialog', { name: 'Import mcpServers JSON' });
  await dialog.getByRole('textbox').fill(JSON.stringify({ mcpServers: { [name]: entry } }));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(lp.connections.getByRole('listitem', { name })).toBeVisible();
}

test('connects by URL to server-everything over Streamable HTTP and ends the session with DELETE', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);

  await test.step('imports the server by URL with an Authorization header', async () => {
    await importServer(lp, 'everything-http', { type: 'http', url: server.url, headers: { Authorization: 'Bearer e2e-secret' } });
  });

  await test.step('connects: the handshake completes over HTTP', async () => {
    await lp.connect('everything-http');
    await lp.expectPhase('ready');
    await expect(lp.status).toContainText('2025-11-25');
    await expect(lp.status).toContainText('http');
    const init = await lp.traffic.expectRow('request', 'initialize');
    const reply = await lp.traffic.expectRow('response', 'initialize');
    expect(reply.id).toBe(init.id);
    await lp.traffic.expectRow('notification', 'notifications/initialized');
  });

  await test.step('shows each HTTP exchange as frames in the http lane, linked to its messages', async () => {
    const httpRows = lp.traffic.rows().filter({ has: page.getByRole('gridcell', { name: 'http', exact: true }) });
    await expect.poll(() => httpRows.count()).toBeGreaterThanOrEqual(6);
    await httpRows.first().click();
    const raw = lp.detail.getByRole('region', { name: 'Raw text' });
    await expect(raw).toContainText('POST /mcp HTTP/1.1');
    await expect(raw).toContainText('Accept: application/json, text/event-stream');
    await lp.screenshot('http-1-exchange');
  });

  await test.step('lists tools and calls echo over HTTP', async () => {
    await lp.listTools();
    await lp.traffic.expectRow('response', 'tools/list');
    await lp.callTool('echo', { message: 'over http' });
    await expect(lp.tools.getByRole('region', { name: 'Call result' })).toContainText('Echo: over http');
    const call = await lp.traffic.expectRow('request', 'tools/call');
    const result = await lp.traffic.expectRow('response', 'tools/call');
    expect(result.id).toBe(call.id);
    expect(result.latency).toMatch(/^\d+(\.\d+)? (ms|s)$/);
  });

  await test.step('disconnect sends DELETE with the session id, which the server receives', async () => {
    await lp.disconnect();
    await lp.expectPhase('closed');
    await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/Received session termination request for session [0-9a-f-]+/);
    await lp.screenshot('http-2-closed');
  });
});

test('connects to server-everything over legacy HTTP+SSE and calls a tool', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await importServer(lp, 'everything-sse', { type: 'sse', url: legacy.url });
  await lp.connect('everything-sse');
  await lp.expectPhase('ready');
  await lp.traffic.expectRow('response', 'initialize');
  await lp.listTools();
  await lp.callTool('echo', { message: 'over sse' });
  await expect(lp.tools.getByRole('region', { name: 'Call result' })).toContainText('Echo: over sse');
  await lp.disconnect();
  await lp.expectPhase('closed');
});
