/**
 * A 2026-07-28 session in the page, against the real modern fixture (2.x SDK) and a misbehaving
 * modern one: the era and what server/discover said in the Capabilities pane, a multi-round-trip
 * call drawn as one call in the sequence diagram and the waterfall, and a modern.* finding.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const loupe = loupePerFile();

/** Adds a stdio fixture through the New connection form and makes it speak the modern era. */
async function addModern(page: Page, lp: LoupePage, name: string): Promise<void> {
  await lp.addConnection({ name, command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers', `${name}.mjs`)] });
  const row = lp.connections.getByRole('listitem', { name });
  await row.getByRole('button', { name: `Connect options of ${name}` }).click();
  await row
    .getByRole('group', { name: `Connect options of ${name}` })
    .getByRole('combobox', { name: 'Protocol era' })
    .selectOption('modern');
  await expect(row.getByLabel('Declared capabilities')).toContainText('modern');
  await row.getByRole('button', { name: `Connect options of ${name}` }).click();
}

async function viewTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name }).click();
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, sampling: {} },
};

async function sendRaw(client: ClientPanel, frame: unknown): Promise<void> {
  const raw = client.root.getByRole('region', { name: 'Raw composer' });
  await raw.getByRole('textbox', { name: 'Raw frame' }).fill(JSON.stringify(frame));
  await raw.getByRole('button', { name: 'Send raw' }).click();
}

test('a modern session: its era, the discovered capabilities, and an MRTR call as one call', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await addModern(page, lp, 'modern-only');
  await lp.connect('modern-only');
  await lp.expectPhase('ready');

  await viewTab(page, 'Capabilities');
  const facts = page.getByRole('region', { name: 'Capabilities' }).getByRole('definition');
  await expect(facts.filter({ hasText: /^modern/ }).first()).toContainText('the server speaks modern');
  await expect(page.getByRole('region', { name: 'Capabilities' }).getByLabel('Server extensions', { exact: true })).toHaveText('io.modelcontextprotocol/tasks');

  // The two rounds go out as raw frames, so the test answers the input requests itself.
  const client = new ClientPanel(page);
  await client.tab('Utilities');
  await sendRaw(client, { jsonrpc: '2.0', id: 'order-1', method: 'tools/call', params: { name: 'confirm_order', arguments: { item: 'tea' }, _meta: META } });
  const after = client.root.getByRole('list', { name: 'Frames after it' });
  await expect(after).toContainText('"resultType":"input_required"');
  // The requestState is opaque and long: read it whole from the response's raw text.
  await viewTab(page, 'Traffic');
  await lp.traffic.row('response', 'tools/call').click();
  const rawText = await lp.detail.getByRole('region', { name: 'Raw text' }).innerText();
  const state = (JSON.parse(rawText) as { result: { requestState: string } }).result.requestState;
  expect(state).toBeTruthy();
  await sendRaw(client, {
    jsonrpc: '2.0',
    id: 'order-2',
    method: 'tools/call',
    params: {
      name: 'confirm_order',
      arguments: { item: 'tea' },
      requestState: state,
      _meta: META,
      inputResponses: {
        confirm: { action: 'accept', content: { quantity: 2 } },
        note: { role: 'assistant', content: { type: 'text', text: 'wrap it' }, model: 'person', stopReason: 'endTurn' },
      },
    },
  });
  await expect(client.root.getByRole('list', { name: 'Frames after it' })).toContainText('ordered tea x2');

  await viewTab(page, 'Sequence');
  await expect(page.getByRole('option', { name: /round 1 of 2 of one call/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /tools\/call.*round 2 of the call at #\d+/ }).first()).toBeVisible();
  await viewTab(page, 'Timing');
  await expect(page.getByRole('list', { name: 'Request waterfall' }).getByRole('listitem', { name: /round 1 of 2, .* in total/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Request waterfall' }).getByRole('listitem', { name: /round 2 of the call at #\d+/ })).toBeVisible();
});

test('a misbehaving modern server: its finding in the Annotations tab, with the 2026-07-28 spec section', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await addModern(page, lp, 'bad-modern-cache-hints');
  await lp.connect('bad-modern-cache-hints');
  await lp.expectPhase('ready');
  // The offer is listed on Connect: its results are what the rule reads.
  await viewTab(page, 'Annotations');
  const expert = page.getByRole('region', { name: 'Expert info' });
  const entry = expert.getByRole('list', { name: 'modern error annotations' }).getByRole('listitem').filter({ hasText: 'modern.cache-hints-missing' }).first();
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await expect(entry.getByRole('link', { name: 'Spec section for modern.cache-hints-missing' })).toHaveAttribute(
    'href',
    /specification\/2026-07-28\/server\/utilities\/caching/,
  );
});
