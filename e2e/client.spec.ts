/**
 * Loupe as a complete MCP client, end to end against the real server-everything over stdio:
 * tools through generated forms, progress and cancel, the server's sampling, elicitation and
 * roots requests answered in the page, resources, prompts, completions, tasks and utilities.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ANSWERS_EVERYTHING, chooseCapabilities, ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

async function connected(page: Page): Promise<{ lp: LoupePage; client: ClientPanel }> {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  // A fresh connection declares every capability the page answers; ticking them again changes nothing.
  await chooseCapabilities(page, ANSWERS_EVERYTHING);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  return { lp, client };
}

test('calls a tool through its generated form, keeps form and JSON in sync, remembers the arguments', async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.pickTool('get-sum');
  const form = client.toolForm('get-sum');
  await form.getByRole('spinbutton', { name: 'a' }).fill('2');
  await form.getByRole('spinbutton', { name: 'b' }).fill('40');
  await client.root.getByRole('radio', { name: 'JSON only' }).check();
  await expect(client.root.getByRole('textbox', { name: 'Arguments (JSON)' })).toHaveValue(/"a": 2,\s*"b": 40/);
  await client.root.getByRole('radio', { name: 'Form' }).check();
  await client.call('get-sum');
  await expect(client.result).toContainText('42');
  await lp.traffic.expectRow('response', 'tools/call');

  await client.pickTool('echo');
  await client.pickTool('get-sum');
  await expect(form.getByRole('spinbutton', { name: 'b' })).toHaveValue('40');

  await client.pickTool('get-structured-content');
  await client.toolForm('get-structured-content').getByRole('combobox').first().selectOption({ index: 1 });
  await client.call('get-structured-content');
  await expect(client.result.getByRole('group', { name: 'Structured content' }).getByRole('status')).toHaveText('matches outputSchema');
  await client.pickTool('get-tiny-image');
  await client.call('get-tiny-image');
  await expect(client.result.getByRole('img')).toBeVisible();
  await lp.screenshot('client-1-tool-form');
});

test('trigger-long-running-operation shows progress and can be cancelled', async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.pickTool('trigger-long-running-operation');
  const form = client.toolForm('trigger-long-running-operation');
  await form.getByRole('spinbutton', { name: 'duration' }).fill('20');
  await form.getByRole('spinbutton', { name: 'steps' }).fill('10');
  await client.call('trigger-long-running-operation');
  const bar = client.root.getByRole('progressbar', { name: 'Call progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '1', { timeout: 10_000 });
  await expect(bar).toHaveAttribute('aria-valuemax', '10');
  await lp.screenshot('client-2-progress');
  await client.root.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(client.result).toContainText('cancelled');
  // A cancel is the person's own choice: a neutral status, not a red error.
  await expect(client.result.getByRole('status', { name: 'Cancelled' })).toBeVisible();
  await expect(client.result.getByRole('alert')).toHaveCount(0);
  await lp.traffic.expectRow('notification', 'notifications/cancelled');
});

test('answers trigger-sampling-request from the page', async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.pickTool('trigger-sampling-request');
  await client.toolForm('trigger-sampling-request').getByRole('textbox', { name: 'prompt' }).fill('What is a loupe?');
  await client.call('trigger-sampling-request');
  const card = client.serverRequests.getByRole('listitem', { name: 'sampling/createMessage request' });
  await expect(card).toContainText('What is a loupe?');
  await expect(card).toContainText(/waiting \d+ s/);
  await card.getByRole('textbox', { name: 'Reply' }).fill('A small magnifying glass.');
  await lp.screenshot('client-3-sampling');
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(client.result).toContainText('A small magnifying glass.');
  await expect(client.serverRequests).toBeHidden();

  await test.step('an automatic reply, when switched on, answers without the person', async () => {
    // The session holds the setting: the box shows it once the proxy has taken it.
    const auto = client.root.getByRole('checkbox', { name: 'auto-reply to sampling' });
    await auto.click();
    await expect(auto).toBeChecked();
    await client.call('trigger-sampling-request');
    await expect(client.result).toContainText('An automatic reply from Loupe.');
  });
});

test('answers trigger-elicitation-request through its form', async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.pickTool('trigger-elicitation-request');
  await client.call('trigger-elicitation-request');
  const card = client.serverRequests.getByRole('listitem', { name: 'elicitation/create request' });
  const form = card.getByRole('form', { name: 'Elicitation form' });
  await form.getByRole('textbox', { name: 'String', exact: true }).fill('Ada Lovelace');
  await expect(form.getByRole('combobox', { name: 'Titled Single Select Enum', exact: true })).toHaveValue('0');
  await form.getByRole('spinbutton', { name: 'Integer' }).fill('7');
  await lp.screenshot('client-4-elicitation');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(client.result).toContainText('Name: Ada Lovelace');
  await expect(client.result).toContainText('Favorite Integer: 7');
});

test('get-roots-list returns the roots kept in the page, and a change is announced', async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.tab('Roots');
  await client.root.getByRole('textbox', { name: 'Root URI' }).fill('file:///tmp/loupe-project');
  await client.root.getByRole('textbox', { name: 'Root name' }).fill('project');
  await client.root.getByRole('button', { name: 'Add root' }).click();
  await expect(client.root.getByRole('list', { name: 'Roots' })).toContainText('file:///tmp/loupe-project');
  await lp.traffic.expectRow('notification', 'notifications/roots/list_changed');
  await client.tab('Tools');
  await client.pickTool('get-roots-list');
  await client.call('get-roots-list');
  await expect(client.result).toContainText('file:///tmp/loupe-project');
  await expect(client.result).toContainText('project');
});

test('reads a resource and a template with completions, and shows subscription updates', async ({ page }) => {
  const { lp, client } = await connected(page);
  // Resources and templates were listed on Connect: nothing to press before reading.
  await client.tab('Resources');
  const list = client.root.getByRole('list', { name: 'Resources' });
  const uri = 'demo://resource/static/document/features.md';
  await list.getByRole('button', { name: `Read ${uri}` }).click();
  const contents = client.root.getByRole('region', { name: 'Resource contents' });
  await expect(contents).toContainText('text/markdown');
  await expect(contents).toContainText('Everything Server');

  await client.root.getByRole('combobox', { name: 'Template' }).selectOption('demo://resource/dynamic/blob/{resourceId}');
  await client.root.getByRole('textbox', { name: 'resourceId' }).fill('3');
  // server-everything completes a resourceId only when it is a positive integer.
  const suggestions = client.root.getByRole('list', { name: 'Suggestions for resourceId' });
  await expect(suggestions.getByRole('button', { name: '3' })).toBeVisible();
  await client.root.getByRole('button', { name: 'Read demo://resource/dynamic/blob/3' }).click();
  await expect(contents).toContainText('binary');

  await list.getByRole('button', { name: `Subscribe to ${uri}` }).click();
  await expect(list.getByRole('button', { name: `Unsubscribe from ${uri}` })).toBeVisible();
  await client.tab('Tools');
  await client.pickTool('toggle-subscriber-updates');
  await client.call('toggle-subscriber-updates');
  await expect(client.result).toContainText(/Started|started/);
  await client.tab('Resources');
  await expect(list.getByRole('status', { name: `Updates of ${uri}` })).toContainText('updated', { timeout: 15_000 });
  // The table shows what differs ("resources/updated", the Kind says notification) and the URI it names.
  const updated = lp.traffic.row('notification', 'notifications/resources/updated');
  await expect(updated.getByRole('gridcell').nth(4)).toHaveText('resources/updated');
  await expect(updated.getByRole('gridcell', { name: uri, exact: true })).toBeVisible();
  await lp.screenshot('client-5-resources');
});

test('gets a prompt with arguments, with completion suggestions', async ({ page }) => {
  const { lp, client } = await connected(page);
  // Listed on Connect.
  await client.tab('Prompts');
  const pick = client.root.getByRole('combobox', { name: 'Prompt' });
  await pick.selectOption('args-prompt');
  await client.root.getByRole('textbox', { name: 'city' }).fill('Lisbon');
  await client.root.getByRole('button', { name: 'Get args-prompt' }).click();
  await expect(client.root.getByRole('region', { name: 'Prompt messages' })).toContainText('Lisbon');

  await pick.selectOption('completable-prompt');
  const dept = client.root.getByRole('list', { name: 'Suggestions for department' });
  await expect(dept.getByRole('button', { name: 'Engineering' })).toBeVisible();
  await dept.getByRole('button', { name: 'Engineering' }).click();
  const names = client.root.getByRole('list', { name: 'Suggestions for name' });
  await expect(names.getByRole('button', { name: 'Alice' })).toBeVisible();
  await lp.screenshot('client-6-completions');
  await names.getByRole('button', { name: 'Alice' }).click();
  await client.root.getByRole('button', { name: 'Get completable-prompt' }).click();
  await expect(client.root.getByRole('region', { name: 'Prompt messages' })).toContainText('Please promote Alice to the head of the Engineering team.');
});

test('a task-augmented call completes and its result is fetched', async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.pickTool('simulate-research-query');
  await expect(client.root.getByRole('checkbox', { name: /run as task/ })).toBeChecked();
  await client.toolForm('simulate-research-query').getByRole('textbox', { name: 'topic' }).fill('magnifiers');
  await client.call('simulate-research-query');
  await expect(client.result).toContainText('created');
  await client.tab('Tasks');
  const task = client.root.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first();
  await expect(task.getByRole('status', { name: 'Task status' })).toHaveText('completed', { timeout: 20_000 });
  await expect(task.getByRole('region', { name: 'Task result' })).toContainText('magnifiers');
  await lp.traffic.expectRow('request', 'tasks/result');
  await lp.screenshot('client-7-task');

  await test.step('input_required: the elicitation arrives through tasks/result and is answered in the page', async () => {
    await client.tab('Tools');
    const form = client.toolForm('simulate-research-query');
    await form.getByRole('textbox', { name: 'topic' }).fill('python');
    await form.getByRole('checkbox', { name: 'ambiguous' }).check();
    await client.call('simulate-research-query');
    const card = client.serverRequests.getByRole('listitem', { name: 'elicitation/create request' });
    await card.getByRole('form', { name: 'Elicitation form' }).getByRole('combobox').selectOption({ index: 1 });
    await client.tab('Tasks');
    await expect(client.root.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first()).toContainText('input_required');
    await lp.screenshot('client-7b-task-input');
    await card.getByRole('button', { name: 'Accept' }).click();
    const second = client.root.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first();
    await expect(second.getByRole('status', { name: 'Task status' })).toHaveText('completed', { timeout: 20_000 });
    await expect(second.getByRole('region', { name: 'Task result' })).toContainText('Clarification');
  });

  await test.step('a running task is cancelled with tasks/cancel, and tasks/list shows them all', async () => {
    await client.tab('Tools');
    await client.toolForm('simulate-research-query').getByRole('checkbox', { name: 'ambiguous' }).uncheck();
    await client.call('simulate-research-query');
    await client.tab('Tasks');
    const third = client.root.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first();
    await third.getByRole('button', { name: 'Cancel task' }).click();
    await expect(third.getByRole('status', { name: 'Task status' })).toHaveText('cancelled');
    await lp.traffic.expectRow('request', 'tasks/cancel');
    await client.root.getByRole('button', { name: 'List tasks' }).click();
    await lp.traffic.expectRow('response', 'tasks/list');
    // The listing holds at least the three created here (the server may keep others of its own).
    await expect.poll(() => client.root.getByRole('list', { name: 'Tasks' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await expect(third.getByRole('alert')).toHaveCount(0);
  });
});

test('utilities: ping, log level and messages, a malformed raw frame and what came back', async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.tab('Utilities');
  await client.root.getByRole('button', { name: 'Ping' }).click();
  await expect(client.root.getByRole('region', { name: 'Ping' }).getByRole('status')).toContainText(/pong in \d/);
  await client.root.getByRole('combobox', { name: 'Log level' }).selectOption('info');
  await client.root.getByRole('button', { name: 'Set level' }).click();
  await expect(client.root.getByRole('region', { name: 'Server log' }).getByRole('status')).toHaveText("the server's level is info");
  // server-everything logs each roots sync at info level.
  await expect(client.root.getByRole('list', { name: 'Log messages' })).toContainText('Roots updated');

  const raw = client.root.getByRole('textbox', { name: 'Raw frame' });
  await raw.fill('{"jsonrpc":"2.0","id":"raw-7","method":"tools/list"');
  await expect(client.root.getByText(/Not valid JSON/)).toBeVisible();
  await client.root.getByRole('button', { name: 'Send raw' }).click();
  const after = client.root.getByRole('list', { name: 'Frames after it' });
  await expect(after).toContainText('"id":"raw-7","method":"tools/list"');
  await raw.fill('{"jsonrpc":"2.0","id":"raw-8","method":"tools/no-such-method"}');
  await client.root.getByRole('button', { name: 'Send raw' }).click();
  await expect(after).toContainText('"id":"raw-8","error"');
  await expect(after).toContainText('-32601');
  await lp.screenshot('client-8-utilities');
});

test('isError results are set apart from call failures; a fixed timeout ends a call that keeps reporting progress', async ({ page }) => {
  const { client } = await connected(page);
  await client.pickTool('get-sum');
  await client.root.getByRole('radio', { name: 'JSON only' }).check();
  await client.root.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"a": "x", "b": 1}');
  await client.call('get-sum');
  await expect(client.result).toContainText('The tool reported an error (isError: true); the call itself succeeded');
  await expect(client.result).toContainText('Input validation error');

  await client.root.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"a": 1,');
  await expect(client.root.getByRole('alert')).toContainText('not valid JSON');
  await client.root.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"a": 1, "b": 2}');
  await client.root.getByRole('radio', { name: 'Form' }).check();
  await expect(client.toolForm('get-sum').getByRole('spinbutton', { name: 'b' })).toHaveValue('2');

  await client.pickTool('trigger-long-running-operation');
  const form = client.toolForm('trigger-long-running-operation');
  await form.getByRole('spinbutton', { name: 'duration' }).fill('6');
  await form.getByRole('spinbutton', { name: 'steps' }).fill('6');
  const policy = client.root.getByRole('group', { name: 'Call options' });
  await policy.getByRole('spinbutton', { name: 'timeout s' }).fill('2');
  await policy.getByRole('checkbox', { name: 'progress resets it' }).uncheck();
  await client.call('trigger-long-running-operation');
  await expect(client.result).toContainText('within 2000 ms', { timeout: 10_000 });
  await expect(client.result.getByRole('alert')).toContainText('Loupe gave up');
  await expect(client.result).not.toContainText('isError');
});

test('connect options: capability checkboxes produce the JSON; a URL elicitation is shown, never opened', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar.getByRole('button', { name: `Connect options of ${BUILTIN}`, exact: true }).click();
  const caps = lp.sidebar.getByRole('group', { name: 'Client capabilities' });
  await expect(caps.getByRole('checkbox', { name: 'sampling', exact: true })).toBeChecked();
  await caps.getByRole('checkbox', { name: 'elicitation: url' }).uncheck();
  await caps.getByRole('checkbox', { name: 'elicitation: url' }).check();
  await caps.getByRole('checkbox', { name: 'elicitation: form' }).check();
  await caps.getByRole('checkbox', { name: 'sampling', exact: true }).uncheck();
  const json = lp.sidebar.getByRole('textbox', { name: 'Client capabilities (JSON)' });
  await expect(json).toHaveValue(/"url": \{\}/);
  // No top-level sampling (tasks may still declare task-augmented sampling requests).
  await expect(json).not.toHaveValue(/^ {2}"sampling"/m);
  await lp.screenshot('client-9-capabilities');
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  const init = await lp.traffic.expectRow('request', 'initialize');
  await lp.traffic.row('request', 'initialize').click();
  await expect(lp.detail.getByRole('region', { name: 'Raw text' })).toContainText('"elicitation":{"form":{},"url":{}}');
  expect(init.seq).toBeGreaterThan(0);

  const client = new ClientPanel(page);
  await client.showTools();
  await expect(client.toolOption('trigger-url-elicitation')).toHaveCount(1);
  await expect(client.toolOption('trigger-sampling-request')).toHaveCount(0);
  await client.pickTool('trigger-url-elicitation');
  await client.toolForm('trigger-url-elicitation').getByRole('textbox', { name: 'url' }).fill('https://example.com/verify?step=1');
  await client.call('trigger-url-elicitation');
  const card = client.serverRequests.getByRole('listitem', { name: 'elicitation/create request' });
  await expect(card.getByLabel('Elicitation URL')).toHaveText('https://example.com/verify?step=1');
  expect(page.context().pages()).toHaveLength(1);
  await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await lp.screenshot('client-10-url-elicitation');
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(client.result).toContainText('declined');
  expect(page.context().pages()).toHaveLength(1);
  // The options are saved with the connection: leave the defaults for the tests after this one.
  await lp.sidebar.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(lp.connections.getByRole('listitem', { name: BUILTIN }).getByLabel('Declared capabilities')).toContainText('sampling');
});

test('the resources listed on Connect refresh on list_changed; a resource link and a binary read are rendered', async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.tab('Resources');
  const list = client.root.getByRole('list', { name: 'Resources' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const uri = 'demo://resource/session/hello.txt.gz';
  await expect(list.getByRole('listitem', { name: uri })).toHaveCount(0);

  await client.tab('Tools');
  await client.pickTool('gzip-file-as-resource');
  await client.root.getByRole('radio', { name: 'JSON only' }).check();
  await client.root
    .getByRole('textbox', { name: 'Arguments (JSON)' })
    .fill(JSON.stringify({ name: 'hello.txt.gz', data: 'data:text/plain;base64,aGVsbG8gbG91cGU=' }));
  await client.call('gzip-file-as-resource');
  await expect(client.result.getByRole('list', { name: 'Result content' })).toContainText(`link ${uri}`);
  await lp.traffic.expectRow('notification', 'notifications/resources/list_changed');

  await client.tab('Resources');
  await expect(list.getByRole('listitem', { name: uri })).toBeVisible();
  await list.getByRole('button', { name: `Read ${uri}` }).click();
  const contents = client.root.getByRole('region', { name: 'Resource contents' });
  await expect(contents).toContainText('application/gzip');
  await expect(contents.getByLabel('Hex preview')).toHaveText(/^1f 8b/);
});

test('tools come page by page, nested objects and arrays get a form, list_changed refreshes the listing', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.addConnection({ name: 'paged', command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/client-paged.mjs')] });
  await lp.connect('paged');
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  // The first page was listed on Connect; the next one is one click away.
  await expect(client.toolOptions).toHaveCount(2);
  await client.root.getByRole('button', { name: 'Load more' }).click();
  await expect(client.toolOptions).toHaveCount(4);
  await expect(client.root.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await client.pickTool('nested');
  const form = client.toolForm('nested');
  await form.getByRole('textbox', { name: 'Title' }).fill('Report');
  await form.getByRole('group', { name: 'Owner' }).getByRole('textbox', { name: 'Owner name' }).fill('Ada');
  await form.getByRole('checkbox', { name: 'Admin' }).check();
  await form.getByRole('button', { name: '+ Add Tags' }).click();
  await form.getByRole('button', { name: '+ Add Tags' }).click();
  await form.getByRole('textbox', { name: 'Tags 1' }).fill('a');
  await form.getByRole('textbox', { name: 'Tags 2' }).fill('b');
  await form.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'High' });
  await lp.screenshot('client-11-nested-form');
  await client.call('nested');
  for (const part of ['"title":"Report"', '"owner":{"name":"Ada","admin":true}', '"level":"hi"', '"tags":["a","b"]'])
    await expect(client.result).toContainText(part);

  await client.pickTool('fails');
  await client.call('fails');
  await expect(client.result.getByRole('alert')).toContainText('The server answered with JSON-RPC error -32603');
  await expect(client.result).toContainText('fails on purpose');

  await client.pickTool('add-tool');
  await client.call('add-tool');
  await expect(client.result).toContainText('added late-tool');
  await lp.traffic.expectRow('notification', 'notifications/tools/list_changed');
  // The listing is read again from the first page; the next page is one click away.
  await client.root.getByRole('button', { name: 'Load more' }).click();
  await expect(client.toolOption('late-tool')).toHaveCount(1);
});
