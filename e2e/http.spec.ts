/**
 * A remote server by URL, end to end: the page imports an HTTP connection, connects to
 * server-everything in streamableHttp mode (started here on a free loopback port), and shows the
 * HTTP exchanges beside the JSON-RPC messages they carried.
 */
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { everythingHttp, everythingSse, httpFixture, loupeWithServers } from './support/servers';

const { loupe, servers } = loupeWithServers({
  everything: everythingHttp,
  sse: everythingSse,
  expiring: httpFixture('http-expiring'),
  silent: httpFixture('http-silent'),
});

test('connects by URL to server-everything over Streamable HTTP and ends the session with DELETE', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);

  await test.step('imports the server by URL with an Authorization header', async () => {
    await lp.importServers({ 'everything-http': { type: 'http', url: servers.everything.url, headers: { Authorization: 'Bearer e2e-secret' } } });
  });

  await test.step('connects: the handshake completes over HTTP', async () => {
    await lp.connect('everything-http');
    await lp.expectPhase('ready');
    await expect(lp.status).toContainText('2025-11-25');
    await expect(lp.status).toContainText('http');
    // The offer listed on Connect came after the handshake: scroll up to read how it started.
    await lp.traffic.scrollToTop();
    const init = await lp.traffic.expectRow('request', 'initialize');
    const reply = await lp.traffic.expectRow('response', 'initialize');
    expect(reply.id).toBe(init.id);
    await lp.traffic.expectRow('notification', 'notifications/initialized');
  });

  await test.step('shows each HTTP exchange as frames in the http lane, linked to its messages', async () => {
    const httpRows = lp.traffic.rows().filter({ has: page.getByRole('gridcell', { name: 'http', exact: true }) });
    await expect.poll(() => httpRows.count()).toBeGreaterThanOrEqual(6);
    await expect(httpRows.first().getByRole('gridcell', { name: 'POST /mcp', exact: true })).toBeVisible();
    await httpRows.first().click();
    const raw = lp.detail.getByRole('region', { name: 'Raw text' });
    await expect(raw).toContainText('POST /mcp HTTP/1.1');
    await expect(raw).toContainText('Accept: application/json, text/event-stream');
    const exchange = lp.detail.getByRole('region', { name: 'HTTP exchange' });
    await expect(exchange.getByLabel('Status')).toHaveText('200 OK');
    await expect(exchange.getByRole('definition').filter({ hasText: /^\+\d/ }).first()).toBeVisible();
    await expect(exchange.getByRole('table', { name: 'Response headers' })).toContainText('mcp-session-id');
    await lp.screenshot('http-1-exchange');
  });

  await test.step('masks the Authorization value, with a reveal per value', async () => {
    const raw = lp.detail.getByRole('region', { name: 'Raw text' });
    await expect(raw).toContainText('Authorization: Bearer ••••••');
    await expect(lp.detail).not.toContainText('e2e-secret');
    const headers = lp.detail.getByRole('table', { name: 'Request headers' });
    await headers.getByRole('button', { name: 'Reveal Authorization' }).click();
    await expect(headers).toContainText('Bearer e2e-secret');
    await headers.getByRole('button', { name: 'Hide Authorization' }).click();
    await expect(lp.detail).not.toContainText('e2e-secret');
  });

  await test.step('lists tools (on Connect) and calls echo over HTTP', async () => {
    await lp.showTools();
    await lp.traffic.expectRow('response', 'tools/list');
    await lp.traffic.scrollToNewest();
    await lp.callTool('echo', { message: 'over http' });
    await expect(lp.tools.getByRole('region', { name: 'Call result' })).toContainText('Echo: over http');
    const call = await lp.traffic.expectRow('request', 'tools/call');
    const result = await lp.traffic.expectRow('response', 'tools/call');
    expect(result.id).toBe(call.id);
    expect(result.latency).toMatch(/^\d+(\.\d+)? (ms|s)$/);
  });

  await test.step('a message the server starts arrives on the GET stream, and says which exchange carried it', async () => {
    await lp.callTool('toggle-simulated-logging', {});
    // The first message is sent while the call's own POST stream may still be open, and can ride
    // on it; the next, five seconds later, has only the GET stream to take.
    const logs = lp.traffic
      .rows()
      .filter({ has: page.getByRole('gridcell', { name: 'notification', exact: true }) })
      .filter({ has: page.getByRole('gridcell', { name: 'notifications/message', exact: true }) });
    await expect.poll(() => logs.count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await logs.last().click();
    const exchange = lp.detail.getByRole('region', { name: 'HTTP exchange' });
    await expect(exchange).toContainText(/Carried by exchange #\d+ on the get stream/);
    await expect(exchange).toContainText('GET');
    await exchange.getByRole('button', { name: 'Go to HTTP request' }).click();
    await expect(lp.detail.getByRole('region', { name: 'Raw text' })).toContainText('GET /mcp HTTP/1.1');
  });

  await test.step('disconnect sends DELETE with the session id, which the server receives', async () => {
    await lp.disconnect();
    await lp.expectPhase('closed');
    await expect.poll(() => servers.everything.output(), { timeout: 10_000 }).toMatch(/Received session termination request for session [0-9a-f-]+/);
    await lp.screenshot('http-2-closed');
  });
});

test('connects to server-everything over legacy HTTP+SSE and calls a tool', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.importServers({ 'everything-sse': { type: 'sse', url: servers.sse.url } });
  await lp.connect('everything-sse');
  await lp.expectPhase('ready');
  await lp.traffic.scrollToTop();
  await lp.traffic.expectRow('response', 'initialize');
  await lp.showTools();
  await lp.callTool('echo', { message: 'over sse' });
  await expect(lp.tools.getByRole('region', { name: 'Call result' })).toContainText('Echo: over sse');
  await lp.disconnect();
  await lp.expectPhase('closed');
});

test('runs the HTTP probes on request and annotates the foreign Origin that server-everything accepts', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.importServers({ 'everything-probe': { type: 'http', url: servers.everything.url } });
  await lp.connect('everything-probe');
  await lp.expectPhase('ready');
  await expect(lp.status).toContainText('sends deliberately bad requests');
  const before = await lp.traffic.newestSeq();
  await lp.status.getByRole('button', { name: 'Run HTTP probes' }).click();
  await expect(lp.status.getByRole('button', { name: 'Run HTTP probes' })).toBeEnabled({ timeout: 20_000 });

  const probeRow = lp.traffic.row('http', /probe: origin/);
  await expect(probeRow).toBeVisible();
  expect((await lp.traffic.facts(probeRow)).seq).toBeGreaterThan(before);
  await lp.traffic.expectRow('http', /probe: unknown-session/);
  await probeRow.click();
  await expect(lp.detail.getByRole('region', { name: 'Raw text' })).toContainText('Origin: https://loupe-probe.invalid');
  await lp.screenshot('http-3-probes');

  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Annotations' }).click();
  const expert = page.getByRole('region', { name: 'Expert info' });
  await expect(expert).toContainText('http.origin-not-validated');
  await expect(expert).toContainText('http.unknown-session-status');
  await lp.screenshot('http-4-probe-annotations');
});

test('shows a session the server expired (404) and re-initializes it in one click', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.importServers({ expiring: { type: 'http', url: servers.expiring.url } });
  await lp.connect('expiring');
  await lp.expectPhase('ready');
  await lp.showTools();
  const notice = lp.status.getByRole('alert', { name: 'Session expired' });
  await expect(notice).toBeHidden();
  // The fixture forgets the session after one tools/list (the offer listed on Connect): the next
  // request is answered 404.
  await lp.status.getByRole('button', { name: 'List tools' }).click();
  await expect(notice).toContainText('Session expired (the server answered 404 for session exp-1');
  await lp.screenshot('http-5-expired');
  await notice.getByRole('button', { name: 'Re-initialize' }).click();
  await expect(notice).toBeHidden();
  await lp.expectPhase('ready');
  const filter = page.getByRole('searchbox', { name: 'Filter by method' });
  await filter.fill('initialize');
  const inits = lp.traffic
    .rows()
    .filter({ has: page.getByRole('gridcell', { name: 'initialize', exact: true }) })
    .filter({ has: page.getByRole('gridcell', { name: 'response', exact: true }) });
  await expect.poll(() => inits.count()).toBe(2);
  // The new session lists its offer by itself, and the server answers it: nothing expired.
  await filter.fill('tools/list');
  const lists = lp.traffic
    .rows()
    .filter({ has: page.getByRole('gridcell', { name: 'tools/list', exact: true }) })
    .filter({ has: page.getByRole('gridcell', { name: 'response', exact: true }) });
  await expect.poll(() => lists.count()).toBe(2);
  await expect(notice).toBeHidden();
});

test('adds a connection by URL with an Authorization header, stored and then only ever shown masked', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar.getByRole('button', { name: '+ Connect by URL' }).click();
  const form = page.getByRole('dialog', { name: 'New connection by URL' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('by-url');
  await form.getByRole('textbox', { name: 'URL', exact: true }).fill('localhost:1');
  await form.getByRole('button', { name: 'Save connection' }).click();
  await expect(form.getByRole('alert')).toContainText('http:// or https://');
  await form.getByRole('textbox', { name: 'URL', exact: true }).fill(servers.everything.url);
  await form.getByRole('combobox', { name: 'Transport' }).selectOption('streamable');
  await form.getByRole('button', { name: '+ Add header' }).click();
  await form.getByRole('textbox', { name: 'Header 1 name' }).fill('Authorization');
  await form.getByRole('textbox', { name: 'Header 1 value' }).fill('Bearer form-secret');
  await form.getByRole('button', { name: 'Save connection' }).click();
  await expect(form).toBeHidden();

  const item = lp.connections.getByRole('listitem', { name: 'by-url' });
  await expect(item).toContainText(servers.everything.url);
  // Edit sits with the connection's options, behind ⚙.
  await item.getByRole('button', { name: 'Connect options of by-url', exact: true }).click();
  await item.getByRole('button', { name: 'Edit by-url' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit connection by URL' });
  await expect(edit.getByRole('textbox', { name: 'Header 1 value' })).toHaveValue('••••••');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await lp.connect('by-url');
  await lp.expectPhase('ready');
  // The first exchange is the handshake's POST (the offer's requests came after it).
  await lp.traffic.scrollToTop();
  const httpRows = lp.traffic.rows().filter({ has: page.getByRole('gridcell', { name: 'http', exact: true }) });
  await httpRows.first().click();
  const headers = lp.detail.getByRole('table', { name: 'Request headers' });
  await expect(headers).toContainText('Bearer ••••••');
  await expect(page.locator('body')).not.toContainText('form-secret');
  // The proxy sent the stored value, not the mask the page holds.
  await headers.getByRole('button', { name: 'Reveal Authorization' }).click();
  await expect(headers).toContainText('Bearer form-secret');
  await lp.disconnect();
});

test("a server that never answers fails the session after the connection's request timeout, and nothing hangs", async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar.getByRole('button', { name: '+ Connect by URL' }).click();
  const form = page.getByRole('dialog', { name: 'New connection by URL' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('silent');
  await form.getByRole('textbox', { name: 'URL', exact: true }).fill(servers.silent.url);
  await form.getByRole('combobox', { name: 'Transport' }).selectOption('streamable');
  await form.getByRole('textbox', { name: 'HTTP response timeout (ms)' }).fill('800');
  await form.getByRole('button', { name: 'Save connection' }).click();
  await expect(form).toBeHidden();
  await lp.connect('silent');
  await lp.expectPhase('failed');
  await expect(lp.status.getByRole('alert')).toContainText('got no answer within 800 ms');
  // The failure opens the Doctor, which blames the transport: the POST got no answer.
  const views = page.getByRole('tablist', { name: 'Session views' });
  await expect(views.getByRole('tab', { name: 'Doctor', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Doctor' }).getByRole('status', { name: 'Verdict' })).toHaveText(/^Transport failed/);
  await views.getByRole('tab', { name: 'Traffic', exact: true }).click();
  await expect(lp.traffic.row('http', /failed in/)).toBeVisible();
  // The session ended (nothing left waiting on the silent server), and the page can start over.
  await expect(lp.status.getByRole('button', { name: 'Connect again' })).toBeEnabled();
  await lp.screenshot('http-6-timeout');
});
