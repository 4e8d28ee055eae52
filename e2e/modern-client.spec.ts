/**
 * The 2026-07-28 era in the page, against real modern servers built on the 2.x SDK (the fixtures
 * modern-only and dual-era): the era chosen per connection, server/discover in the session header,
 * a multi-round-trip call answered by a person, a task followed to completion (and one that asks
 * for an approval), a subscriptions/listen stream receiving a notification; over stdio and
 * Streamable HTTP. The legacy side stays as it was against server-everything.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { startFixture, type RunningServer } from '../proxy/transports/http/testing';
import { ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const loupe = loupePerFile();
let http: RunningServer;

test.beforeAll(async () => {
  http = await startFixture('dual-era', ['--http']);
});
test.afterAll(async () => {
  await http?.stop();
});

async function chooseEra(page: Page, connection: string, era: 'legacy' | 'modern' | 'auto'): Promise<void> {
  const row = page.getByRole('list', { name: 'Connections' }).getByRole('listitem', { name: connection });
  await row.getByRole('button', { name: `Connect options of ${connection}` }).click();
  await row
    .getByRole('group', { name: `Connect options of ${connection}` })
    .getByRole('combobox', { name: 'Protocol era' })
    .selectOption(era);
  await expect(row.getByLabel('Declared capabilities')).toContainText(era);
}

/** Calls a tool through its form (one string argument, or none). */
async function callTool(client: ClientPanel, name: string, arg?: [string, string]): Promise<void> {
  await client.tab('Tools');
  await client.pickTool(name);
  if (arg) await client.toolForm(name).getByRole('textbox', { name: arg[0] }).fill(arg[1]);
  await client.call(name);
}

/** confirm_order: the server asks for a quantity (elicitation) and a note (sampling); a person answers both. */
async function orderAnsweredByPerson(client: ClientPanel, item: string, note: string): Promise<void> {
  await callTool(client, 'confirm_order', ['item', item]);
  const call = client.root.getByRole('region', { name: 'Multi-round calls' }).getByRole('article').last();
  await expect(call.getByRole('status', { name: 'Call status' })).toHaveText('input required');
  const confirm = call.getByRole('listitem', { name: 'Input request confirm' });
  await expect(confirm).toContainText(`Order ${item}?`);
  await confirm.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await confirm.getByRole('button', { name: 'Accept' }).click();
  const sampling = call.getByRole('listitem', { name: 'Input request note' });
  await expect(sampling).toContainText(`Write a short note for an order of ${item}`);
  await sampling.getByRole('textbox', { name: 'Reply' }).fill(note);
  await sampling.getByRole('button', { name: 'Send reply' }).click();
  await expect(call.getByRole('status', { name: 'Call status' })).toHaveText('done');
  await expect(call.getByRole('listitem', { name: 'Round 1' })).toContainText('input_required');
  await expect(call.getByRole('listitem', { name: 'Round 2' })).toContainText('complete');
  await expect(call.getByRole('listitem', { name: 'Round 2' })).toContainText('sent confirm, note');
  await expect(client.result).toContainText(`ordered ${item} x2; note: ${note}`);
}

async function listenForCounter(page: Page, client: ClientPanel): Promise<void> {
  await client.tab('Listen');
  await client.root.getByRole('checkbox', { name: 'toolsListChanged' }).uncheck();
  await client.root.getByRole('textbox', { name: 'Resource subscriptions' }).fill('fixture://counter');
  await client.root.getByRole('button', { name: 'Start listening' }).click();
  const listen = client.root
    .getByRole('list', { name: 'Listens' })
    .getByRole('listitem', { name: /^Listen l/ })
    .last();
  await expect(listen.getByRole('status', { name: 'Listen status' })).toHaveText('open');
  await expect(listen.getByLabel('Acknowledged')).toContainText('fixture://counter');
  await callTool(client, 'bump_counter');
  await expect(client.result).toContainText('counter is');
  await client.tab('Listen');
  await expect(listen.getByRole('list', { name: 'Notifications received' })).toContainText('notifications/resources/updated fixture://counter');
  await test.step('the sequence diagram draws the stream as a lane, its update on it', () => expectListenLane(page, /: listening, 1 notification$/));
  await listen.getByRole('button', { name: 'Stop' }).click();
  await expect(listen.getByRole('status', { name: 'Listen status' })).toHaveText('closed');
  await test.step('stopped, the lane says it was ended by a cancel', () => expectListenLane(page, /: ended by cancel, 1 notification$/));
}

/** The newest listen lane in the Sequence view has this label; the Traffic view is shown again after. */
async function expectListenLane(page: Page, label: RegExp): Promise<void> {
  const views = page.getByRole('tablist', { name: 'Session views' });
  await views.getByRole('tab', { name: 'Sequence' }).click();
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  const lane = diagram.getByRole('img', { name: /^Listen stream #\d+ / }).last();
  await expect(lane).toHaveAccessibleName(label);
  await expect(lane.locator('circle')).toHaveCount(1);
  await views.getByRole('tab', { name: 'Traffic' }).click();
}

test('modern over stdio: discover in the header, an MRTR call answered in the page, a task to completion, a listen', async ({ page }) => {
  const lp = new LoupePage(page);
  const client = new ClientPanel(page);
  await lp.open(loupe.url);
  await lp.addConnection({ name: 'modern-only', command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/modern-only.mjs')] });
  await chooseEra(page, 'modern-only', 'modern');
  await lp.connect('modern-only');
  await lp.expectPhase('ready');

  await test.step('the header shows the era and what server/discover said', async () => {
    await expect(lp.fact('era')).toHaveText('modern');
    await expect(lp.fact('version')).toHaveText('2026-07-28');
    await expect(lp.fact('discovered capabilities')).toContainText('tools');
    await expect(lp.fact('discovered capabilities')).toContainText('io.modelcontextprotocol/tasks');
    await expect(lp.fact('discovered capabilities')).toContainText('supports 2026-07-28');
    await lp.traffic.expectRow('request', 'server/discover');
  });

  await client.showTools();
  await test.step('a multi-round-trip call answered by a person', () => orderAnsweredByPerson(client, 'tea', 'handle with care'));

  await test.step('a task followed to completion', async () => {
    await callTool(client, 'slow_report');
    await client.tab('Tasks');
    const task = client.root.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first();
    await expect(task.getByRole('status', { name: 'Task status' })).toHaveText('completed');
    await expect(task.getByRole('region', { name: 'Task result' })).toContainText('report: 42 rows');
    await expect(task).toContainText('working → completed');
  });

  await test.step('a listen stream receives the update it asked for', () => listenForCounter(page, client));
});

test('modern over Streamable HTTP (auto probe on a dual-era server): MRTR, an approval task via tasks/update, a listen', async ({ page }) => {
  const lp = new LoupePage(page);
  const client = new ClientPanel(page);
  await lp.open(loupe.url);
  await lp.importServers({ 'dual-era-http': { type: 'http', url: http.url } });
  await chooseEra(page, 'dual-era-http', 'auto');
  await lp.connect('dual-era-http');
  await lp.expectPhase('ready');
  await expect(lp.fact('era')).toHaveText('modern (asked auto)');
  await expect(lp.fact('discovered capabilities')).toContainText('io.modelcontextprotocol/tasks');

  await client.showTools();
  await test.step('a multi-round-trip call answered by a person', () => orderAnsweredByPerson(client, 'pen', 'over http'));

  await test.step('a task that asks for an approval: the person answers, tasks/update, then it completes', async () => {
    await callTool(client, 'approval_job');
    await client.tab('Tasks');
    const task = client.root
      .getByRole('list', { name: 'Tasks' })
      .getByRole('listitem', { name: /^Task / })
      .first();
    await expect(task.getByRole('status', { name: 'Task status' })).toHaveText('input_required');
    const approve = task.getByRole('listitem', { name: 'Input request approve' });
    await expect(approve).toContainText('Approve the job?');
    await approve.getByRole('checkbox', { name: 'OK' }).check();
    await approve.getByRole('button', { name: 'Accept' }).click();
    await expect(task.getByRole('status', { name: 'Task status' })).toHaveText('completed');
    await expect(task.getByRole('region', { name: 'Task result' })).toContainText('job approved');
    await lp.traffic.expectRow('request', 'tasks/update');
  });

  await test.step('an x-mcp-header argument travels in Mcp-Param-Region (base64: not ASCII), and the server accepts it', async () => {
    await client.tab('Tools');
    await client.pickTool('query_region');
    await expect(client.root.getByLabel('Parameter headers')).toContainText('region → Mcp-Param-Region');
    await callTool(client, 'query_region', ['region', 'Zürich']);
    await expect(client.result).toContainText('region Zürich');
  });

  await test.step('a listen stream over HTTP', () => listenForCounter(page, client));
});

test('legacy stays as it was: auto against server-everything falls back to initialize and lists all 19 tools', async ({ page }) => {
  const lp = new LoupePage(page);
  const client = new ClientPanel(page);
  const builtin = 'server-everything (reference server)';
  await lp.open(loupe.url);
  await chooseEra(page, builtin, 'auto');
  await lp.connect(builtin);
  await lp.expectPhase('ready');
  await expect(lp.fact('era')).toHaveText('legacy (asked auto: the probe fell back to initialize)');
  await expect(lp.fact('version')).toHaveText('2025-11-25');
  await lp.traffic.expectRow('request', 'server/discover');
  await lp.traffic.expectRow('request', 'initialize');
  await client.showTools();
  await expect(client.toolOptions).toHaveCount(19);
  await expect(client.tabs.getByRole('tab', { name: 'Listen' })).toHaveCount(0);
});
