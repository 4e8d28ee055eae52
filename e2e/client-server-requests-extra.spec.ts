/**
 * The server's 2025-11-25 requests answered in the page, against a fixture server that reports in
 * each tool's result what the client sent back: sampling with tools (answered with tool uses), a
 * URL elicitation the server then reports complete, and sampling and elicitation run as tasks
 * that the server polls with tasks/get, tasks/list, tasks/result and tasks/cancel.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { chooseCapabilities, ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const FIXTURE = 'asks-more';
const loupe = loupePerFile();
/** The connection is saved in this Loupe's config once, by the first test that connects. */
let saved = false;

async function connected(page: Page, capabilities: string[]): Promise<{ lp: LoupePage; client: ClientPanel }> {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  if (!saved) {
    await lp.addConnection({ name: FIXTURE, command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/client-asks-more.mjs')] });
    saved = true;
  }
  await chooseCapabilities(page, capabilities);
  await lp.connect(FIXTURE);
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  return { lp, client };
}

/** The fixture's tools take no arguments. */
async function call(client: ClientPanel, tool: string): Promise<void> {
  await client.toolOption(tool).click();
  await client.call(tool);
}

/** Both sides kept the protocol: the analyser lists no error or warning for the session. */
async function expectNoFindings(page: Page): Promise<void> {
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Annotations' }).click();
  const expert = page.getByRole('region', { name: 'Expert info' });
  await expect(expert).toBeVisible();
  await expect(expert.getByRole('list', { name: / (error|warning) annotations$/ })).toHaveCount(0);
}

test('sampling with tools: shows the offered tools and past tool rounds, answers with tool uses', async ({ page }) => {
  const { lp, client } = await connected(page, ['sampling', 'sampling: tools']);
  await call(client, 'sample-with-tools');
  const card = client.serverRequests.getByRole('listitem', { name: 'sampling/createMessage request' });
  const offered = card.getByRole('region', { name: 'Offered tools' });
  await expect(offered).toContainText('toolChoice: required');
  await expect(offered.getByRole('listitem', { name: 'Offered tool get_weather' })).toContainText('Current weather for a city');
  await expect(offered.getByRole('listitem', { name: 'Offered tool get_time' })).toBeVisible();
  await expect(offered.getByText('"city"')).toBeHidden();
  await offered.getByRole('listitem', { name: 'Offered tool get_weather' }).getByText('input schema').click();
  await expect(offered.getByText(/"city"/)).toBeVisible();
  await expect(offered).not.toContainText('did not declare sampling.tools');

  // The earlier tool round in the messages reads as a tool use and its result, not raw JSON.
  const messages = card.getByRole('list', { name: 'Sampling messages' });
  await expect(messages.getByLabel('Tool use get_weather')).toContainText('"city": "Oslo"');
  await expect(messages.getByLabel('Tool result for call_old')).toContainText('Oslo: 3°C, snow');

  // toolChoice "required" and a text answer: warned, not refused.
  await expect(card).toContainText('toolChoice is "required"');
  await card.getByRole('radiogroup', { name: 'Answer with' }).getByRole('radio', { name: 'Tool use' }).check();
  await expect(card).not.toContainText('toolChoice is "required"');
  const uses = card.getByRole('list', { name: 'Tool uses' });
  await expect(uses.getByRole('textbox', { name: 'Tool input (JSON)' })).toHaveValue(/"city": "Paris"/);
  await card.getByRole('button', { name: 'Add tool use' }).click();
  const second = uses.getByRole('listitem', { name: 'Tool use 2' });
  await second.getByRole('textbox', { name: 'Tool input (JSON)' }).fill('{"city": "London"');
  await card.getByRole('button', { name: 'Send tool use' }).click();
  await expect(card.getByRole('alert')).toContainText('Tool use 2 (get_weather)');
  await second.getByRole('textbox', { name: 'Tool input (JSON)' }).fill('{"city": "London"}');
  await lp.screenshot('client-extra-1-sampling-tools');
  await card.getByRole('button', { name: 'Send tool use' }).click();

  await expect(client.result).toContainText('"stopReason":"toolUse"');
  await expect(client.result).toContainText(/"type":"tool_use","id":"call_[0-9a-z]{8}","name":"get_weather","input":\{"city":"Paris"\}/);
  await expect(client.result).toContainText('"input":{"city":"London"}');
  await expect(client.serverRequests).toBeHidden();
  await expectNoFindings(page);
});

test('URL elicitation: accepted, then completed by the server; an unknown id is a notice', async ({ page }) => {
  const { client } = await connected(page, ['elicitation: url']);
  await call(client, 'url-elicitation');
  const card = client.serverRequests.getByRole('listitem', { name: 'elicitation/create request' });
  await expect(card.getByLabel('Elicitation URL')).toHaveText('https://example.com/connect?elicitation=elic-42');
  // The URL is never opened for the person: no new page appears.
  const popups: Page[] = [];
  page.context().on('page', (p) => popups.push(p));
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(client.result).toContainText('elicitation answered: {"action":"accept"}');

  const section = client.root.getByRole('region', { name: 'URL elicitations' });
  await expect(section.getByRole('listitem', { name: 'URL elicitation elic-42' }).getByRole('status')).toContainText('completed by the server');
  await expect(section.getByRole('list', { name: 'Elicitation notices' })).toContainText(
    '“elic-nobody”, which no URL elicitation of this session used: a client ignores it.',
  );
  await expect(client.root.getByRole('alert')).toHaveCount(0);
  expect(popups).toHaveLength(0);
});

test('sampling as a task: answered at once with a task, polled, and tasks/result returns the reply', async ({ page }) => {
  const { lp, client } = await connected(page, ['sampling', 'tasks (list, cancel)', 'tasks: sampling']);
  await call(client, 'task-sampling');
  const card = client.serverRequests.getByRole('listitem', { name: 'sampling/createMessage request' });
  await expect(card.getByRole('status', { name: 'Runs as a task' })).toHaveText('task · working');
  await expect(card).toContainText('Summarise the report, as a task.');
  // The server already polls: tasks/get and tasks/list are answered, tasks/result waits for the person.
  await lp.traffic.expectRow('request', 'tasks/result');
  await card.getByRole('textbox', { name: 'Reply' }).fill('Done, as a task.');
  await lp.screenshot('client-extra-3-sampling-task');
  await card.getByRole('button', { name: 'Send reply' }).click();

  await expect(client.result).toContainText('created: working ttl 60000 pollInterval 1000; get: working; listed: true');
  await expect(client.result).toContainText('"content":{"type":"text","text":"Done, as a task."},"model":"loupe-person","stopReason":"endTurn"');
  await expect(client.result).toContainText('related-task meta: true; get after: completed; unknown task: -32602; status notifications: completed');
  await expect(client.serverRequests).toBeHidden();
  await lp.traffic.expectRow('notification', 'notifications/tasks/status');
  await expectNoFindings(page);
});

test('elicitation as a task: the answer comes through tasks/result, and a task the server cancels ends as cancelled', async ({ page }) => {
  const { client } = await connected(page, ['elicitation: form', 'tasks (list, cancel)', 'tasks: elicitation']);
  await call(client, 'task-elicitation');
  const card = client.serverRequests.getByRole('listitem', { name: 'elicitation/create request' });
  await expect(card.getByRole('status', { name: 'Runs as a task' })).toHaveText('task · working');
  await card.getByRole('form', { name: 'Elicitation form' }).getByRole('textbox', { name: 'name' }).fill('Ada');
  await card.getByRole('button', { name: 'Accept' }).click();

  await expect(client.result).toContainText('result: {"action":"accept","content":{"name":"Ada"},"_meta":{"io.modelcontextprotocol/related-task"');
  await expect(client.result).toContainText('get after: completed; unknown task: -32602; status notifications: completed');
  await expect(client.result).toContainText('cancel: cancelled; cancel again: -32602; cancelled result: {"action":"cancel"');
  await expect(client.serverRequests).toBeHidden();
  await expectNoFindings(page);
});

test('a task the page runs survives a reload: the card comes back and the answer reaches tasks/result', async ({ page }) => {
  const { lp, client } = await connected(page, ['sampling', 'tasks (list, cancel)', 'tasks: sampling']);
  await call(client, 'task-sampling');
  await expect(client.serverRequests.getByRole('status', { name: 'Runs as a task' })).toBeVisible();
  await lp.traffic.expectRow('request', 'tasks/result');

  await page.reload();
  const card = client.serverRequests.getByRole('listitem', { name: 'sampling/createMessage request' });
  await expect(card.getByRole('status', { name: 'Runs as a task' })).toHaveText('task · working');
  await card.getByRole('textbox', { name: 'Reply' }).fill('Answered after a reload.');
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(client.serverRequests).toBeHidden();

  // The call was made by the page before the reload: its result is read from the trace.
  await lp.traffic.row('response', 'tools/call').click();
  const raw = lp.detail.getByRole('region', { name: 'Raw text' });
  await expect(raw).toContainText('Answered after a reload.');
  await expect(raw).toContainText('get after: completed');
  await client.tab('Tasks');
  await expect(client.root.getByRole('list', { name: 'Tasks run for the server' }).getByRole('status', { name: 'Task status' })).toHaveText('completed');
});

test('two pages on one session: the session runs the task once, both pages show it, either page answers', async ({ page, browser }) => {
  const { lp, client } = await connected(page, ['sampling', 'tasks (list, cancel)', 'tasks: sampling']);
  const label = (await lp.sessionTabs.getByRole('tab', { selected: true }).innerText()).trim();
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    const otherLp = new LoupePage(other);
    await otherLp.open(loupe.url);
    await other.getByRole('button', { name: `Open session ${label}`, exact: true }).click();
    // Opening a session from the list streams its frames at once.
    await otherLp.traffic.expectRow('request', 'tools/list');

    await call(client, 'task-sampling');
    await lp.traffic.expectRow('request', 'tasks/result');
    await otherLp.traffic.expectRow('request', 'tasks/result');
    // One CreateTaskResult, given by the session in the proxy: both pages show its one task.
    const cards = [page, other].map((p) => new ClientPanel(p).serverRequests.getByRole('listitem', { name: 'sampling/createMessage request' }));
    for (const card of cards) await expect(card.getByRole('status', { name: 'Runs as a task' })).toHaveText('task · working');
    await cards[1].getByRole('textbox', { name: 'Reply' }).fill('One page answered.');
    await cards[1].getByRole('button', { name: 'Send reply' }).click();
    for (const card of cards) await expect(card).toHaveCount(0);

    await expect(client.result).toContainText('get: working; listed: true');
    await expect(client.result).toContainText('"text":"One page answered."');
    await expect(client.result).toContainText('get after: completed; unknown task: -32602; status notifications: completed');
    for (const p of [page, other]) await expect(new ClientPanel(p).root.getByRole('alert')).toHaveCount(0);
  } finally {
    await otherContext.close();
  }
});
