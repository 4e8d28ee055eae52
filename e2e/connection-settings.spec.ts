/**
 * Per-connection client settings (timeouts, _meta on every request, the OpenTelemetry receiver),
 * applied by the proxy and kept across a reload; clone, delete with Undo, and export as mcpServers
 * JSON with secrets redacted unless asked for.
 */
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { ClientPanel } from './pages/ClientPanel';
import { loupePerFile } from './support/loupe';
import { OtlpReceiver } from '../proxy/telemetry/testing/otlp-receiver';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

test('client settings are saved with the connection and applied to every request', async ({ page }) => {
  const lp = new LoupePage(page);
  const client = new ClientPanel(page);
  const row = lp.connections.getByRole('listitem', { name: BUILTIN });
  const settings = row.getByRole('group', { name: `Connect options of ${BUILTIN}` }).getByRole('group', { name: 'Client settings' });
  await lp.open(loupe.url);

  // Short enough to end the 10 s call below, long enough for the handshake on a busy machine (the
  // timeout is the session's, so initialize has it too).
  await test.step('edit: a short timeout that progress does not reset, and a _meta', async () => {
    await row.getByRole('button', { name: `Connect options of ${BUILTIN}` }).click();
    await settings.getByRole('textbox', { name: 'Request timeout (ms)' }).fill('4000');
    await settings.getByRole('checkbox', { name: 'Reset the timeout on progress' }).uncheck();
    const meta = settings.getByRole('textbox', { name: '_meta added to every request (JSON object)' });
    await meta.fill('{"tenant": ');
    await expect(settings.getByRole('alert')).toContainText('_meta is not valid JSON');
    await meta.fill('{"tenant": "acme"}');
    await expect(settings.getByRole('alert')).toBeHidden();
  });

  await test.step('a reload keeps them', async () => {
    await page.reload();
    await row.getByRole('button', { name: `Connect options of ${BUILTIN}` }).click();
    await expect(settings.getByRole('textbox', { name: 'Request timeout (ms)' })).toHaveValue('4000');
    await expect(settings.getByRole('checkbox', { name: 'Reset the timeout on progress' })).not.toBeChecked();
    await expect(settings.getByRole('textbox', { name: '_meta added to every request (JSON object)' })).toHaveValue(/"tenant": "acme"/);
  });

  await test.step('the session applies them: _meta on initialize and lists, the call times out at 4 s', async () => {
    await lp.connect(BUILTIN);
    await lp.expectPhase('ready');
    await lp.traffic.row('request', 'initialize').click();
    await expect(lp.detail.getByRole('region', { name: 'Raw text' })).toContainText('"_meta":{"tenant":"acme"}');
    await client.showTools();
    await lp.traffic.row('request', 'tools/list').click();
    await expect(lp.detail.getByRole('region', { name: 'Raw text' })).toContainText('"_meta":{"tenant":"acme"}');
    await client.pickTool('trigger-long-running-operation');
    await expect(client.root.getByRole('spinbutton', { name: 'timeout s' })).toHaveValue('4');
    await lp.callTool('trigger-long-running-operation', { duration: 10, steps: 20 });
    await expect(client.result.getByRole('alert')).toContainText('within 4000 ms');
  });
});

test("the OpenTelemetry receiver set in a connection's settings gets its sessions' spans, live", async ({ page }) => {
  const receiver = await OtlpReceiver.start();
  try {
    const lp = new LoupePage(page);
    const client = new ClientPanel(page);
    const row = lp.connections.getByRole('listitem', { name: BUILTIN });
    const settings = row.getByRole('group', { name: `Connect options of ${BUILTIN}` }).getByRole('group', { name: 'Client settings' });
    await lp.open(loupe.url);
    await row.getByRole('button', { name: `Connect options of ${BUILTIN}` }).click();
    const field = settings.getByRole('textbox', { name: 'OpenTelemetry receiver (OTLP/HTTP URL)' });
    await field.fill('grpc://127.0.0.1:4317');
    await expect(settings.getByRole('alert')).toContainText('OpenTelemetry: the receiver must be reached by http or https');
    await field.fill(receiver.url);
    await expect(settings.getByRole('alert')).toBeHidden();
    // The test before leaves this connection a 4 s timeout, which a busy machine's handshake may miss.
    await settings.getByRole('textbox', { name: 'Request timeout (ms)' }).fill('60000');

    await lp.connect(BUILTIN);
    await lp.expectPhase('ready');
    await client.showTools();
    await lp.callTool('echo', { message: 'to the collector' });
    // The proxy sends it while the session runs: nobody closed it.
    const span = await receiver.waitFor(() => receiver.spans.find((s) => s.name === 'tools/call echo'));
    expect(span.attrs).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo', 'network.transport': 'pipe' });
    expect(span.resource['service.name']).toBe(BUILTIN);
    expect(receiver.problems).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test('clone, delete with Undo, and export as mcpServers JSON with secrets redacted unless asked', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.addConnection({ name: 'secretive', command: 'node', args: ['server.js', '--verbose'], env: { API_KEY: 'sk-live-abcdef123', REGION: 'eu-west' } });
  const secretive = lp.connections.getByRole('listitem', { name: 'secretive', exact: true });

  await test.step('export one connection: the key is redacted, and the dialog says so; the box reveals it', async () => {
    await secretive.getByRole('button', { name: 'Connect options of secretive' }).click();
    await secretive.getByRole('button', { name: 'Export secretive as mcpServers JSON' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export secretive as mcpServers JSON' });
    const json = dialog.getByRole('textbox', { name: 'mcpServers JSON' });
    await expect(json).toHaveValue(/"mcpServers"/);
    const exported = JSON.parse(await json.inputValue()) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> };
    expect(exported.mcpServers.secretive).toMatchObject({ command: 'node', args: ['server.js', '--verbose'], env: { REGION: 'eu-west' } });
    expect(exported.mcpServers.secretive.env.API_KEY).toMatch(/^«redacted:/);
    await expect(dialog.getByRole('status')).toContainText('1 secret value redacted');
    await dialog.getByRole('checkbox', { name: /Include secret values/ }).check();
    await expect(json).toHaveValue(/sk-live-abcdef123/);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
  });

  await test.step('clone copies it under a new name, secrets included', async () => {
    await secretive.getByRole('button', { name: 'Clone secretive' }).click();
    await expect(lp.connections.getByRole('listitem', { name: 'secretive (copy)' })).toBeVisible();
  });

  await test.step('delete is immediate and Undo brings it back with its secret', async () => {
    const options = secretive.getByRole('button', { name: 'Connect options of secretive', exact: true });
    if ((await options.getAttribute('aria-expanded')) !== 'true') await options.click();
    await secretive.getByRole('button', { name: 'Delete secretive' }).click();
    await expect(secretive).toBeHidden();
    await page.getByRole('button', { name: 'Undo delete of secretive' }).click();
    await expect(secretive).toBeVisible();
  });

  await test.step('export all: every connection, the restored one with its real key when revealed', async () => {
    await lp.sidebar.getByRole('button', { name: 'Export all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export all connections as mcpServers JSON' });
    const json = dialog.getByRole('textbox', { name: 'mcpServers JSON' });
    await expect(json).toHaveValue(/"mcpServers"/);
    expect(Object.keys((JSON.parse(await json.inputValue()) as { mcpServers: object }).mcpServers)).toEqual([BUILTIN, 'secretive', 'secretive (copy)']);
    await expect(json).not.toHaveValue(/sk-live/);
    await dialog.getByRole('checkbox', { name: /Include secret values/ }).check();
    await expect.poll(async () => (await json.inputValue()).split('sk-live-abcdef123').length - 1).toBe(2);
  });
});
