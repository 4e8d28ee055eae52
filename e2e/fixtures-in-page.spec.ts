/**
 * Each misbehaving stdio fixture, run live from the page: imported in one mcpServers JSON,
 * connected with the client capabilities `loupe check` declares by default, driven
 * as far as its misbehaviour needs (the tool listing, then the calls of its script), and its
 * expected rule (the table the CLI's test uses too) must be listed in the Annotations tab.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { DEFAULT_CLIENT_CAPABILITIES } from '../proxy/cli/shared/client-options';
import { EXPECTED_RULES, type ExpectedRule } from './fixtures/servers/expected-rules';
import { LoupePage } from './pages/LoupePage';
import { repoRoot, startLoupe, type RunningLoupe, stopInBackground } from './support/loupe';

let loupe: RunningLoupe;
let page: Page;
let lp: LoupePage;

// One page for the whole file: the import happens once and each fixture closes its tab after itself.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  loupe = await startLoupe();
  page = await browser.newPage();
  lp = new LoupePage(page);
});

test.afterAll(async () => {
  await page?.close();
  stopInBackground(loupe);
});

test('imports every misbehaving fixture from one mcpServers JSON', async () => {
  await lp.open(loupe.url);
  const mcpServers = Object.fromEntries(
    EXPECTED_RULES.map(({ name }) => [name, { command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers', `${name}.mjs`)] }]),
  );
  await lp.importServers(mcpServers);
  for (const { name } of EXPECTED_RULES) await expect(lp.connections.getByRole('listitem', { name, exact: true })).toBeVisible();

  // The client capabilities `loupe check` declares by default, so both meet the same server behaviour.
  // Connect options are saved per connection: set them on each imported one.
  for (const { name } of EXPECTED_RULES) {
    await lp.sidebar.getByRole('button', { name: `Connect options of ${name}`, exact: true }).click();
    const options = lp.sidebar.getByRole('group', { name: `Connect options of ${name}` });
    await options.getByRole('textbox', { name: 'Client capabilities (JSON)' }).fill(JSON.stringify(DEFAULT_CLIENT_CAPABILITIES));
    await expect(options.getByRole('alert')).toBeHidden();
    await expect(lp.connections.getByRole('listitem', { name, exact: true }).getByLabel('Declared capabilities')).toHaveText(/· roots$/);
    await lp.sidebar.getByRole('button', { name: `Connect options of ${name}`, exact: true }).click();
  }
});

/** What `loupe record` does after the handshake: list the tools (the page's session lists its
 *  offer on Connect, and every fixture declares tools only), then make the script's calls. */
async function drive(fixture: ExpectedRule): Promise<void> {
  // The crashing one ended on the offer's tools/list already (see the test).
  if (fixture.rule === 'stdio.exit') return;
  await lp.traffic.expectRow('request', 'tools/list');
  if (fixture.script?.length) await lp.showTools();
  for (const call of fixture.script ?? []) {
    // The page sends its own progress token with every tool call, as the script's does.
    await lp.callTool(call.params.name, call.params.arguments);
  }
}

async function viewTab(name: 'Annotations' | 'Traffic'): Promise<void> {
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name }).click();
}

/** The rule ids of every error and warning entry (an entry reads "#seq rule message"). */
async function rulesAboveInfo(expert: Locator): Promise<string[]> {
  const entries = expert.getByRole('list', { name: / (error|warning) annotations$/ }).getByRole('button', { name: /^Go to frame / });
  return (await entries.allInnerTexts()).map((text) => /^#\d+\s+(\S+)/.exec(text.trim())?.[1] ?? text);
}

for (const fixture of EXPECTED_RULES) {
  test(`${fixture.name} is listed as ${fixture.rule} in the Annotations tab`, async () => {
    await lp.connect(fixture.name);
    if (fixture.rule === 'stdio.exit') {
      // It crashes on the tools/list of the offer listed on Connect: the session fails, and the
      // Doctor opens by itself; the traffic is a tab away.
      await lp.expectPhase('failed');
      await expect(page.getByRole('region', { name: 'Doctor' })).toBeVisible();
      await viewTab('Traffic');
    }
    // The handshake was answered.
    await expect(lp.traffic.row('response', 'initialize')).toBeVisible({ timeout: 20_000 });
    await lp.traffic.row('request', 'initialize').click();
    await expect(lp.detail.getByRole('region', { name: 'Raw text' })).toContainText(`"capabilities":${JSON.stringify(DEFAULT_CLIENT_CAPABILITIES)}`);
    await drive(fixture);

    await viewTab('Annotations');
    const expert = page.getByRole('region', { name: 'Expert info' });
    const group = fixture.rule.split('.')[0];
    const list = expert.getByRole('list', { name: `${group} ${fixture.severity} annotations` });
    const entry = list.getByRole('listitem').filter({ hasText: fixture.rule }).first();
    await expect(entry).toBeVisible({ timeout: 20_000 });
    await expect(entry.getByRole('link', { name: `Spec section for ${fixture.rule}` })).toHaveAttribute('href', /modelcontextprotocol\.io/);
    // As in the CLI's check, the one misbehaviour is the only finding above info: the rest is correct.
    await expect.poll(() => rulesAboveInfo(expert)).toEqual([fixture.rule]);

    await test.step('the entry selects its frame in the traffic table', async () => {
      const jump = entry.getByRole('button', { name: /^Go to frame \d+: / });
      const seq = Number(/^Go to frame (\d+):/.exec((await jump.getAttribute('aria-label')) ?? '')?.[1]);
      await jump.click();
      await viewTab('Traffic');
      const selected = lp.traffic.grid.getByRole('row', { selected: true });
      await expect(selected).toHaveCount(1);
      expect((await lp.traffic.facts(selected)).seq).toBe(seq);
    });

    // A crashed server's session has already ended: only a live one has Disconnect.
    const disconnect = lp.status.getByRole('button', { name: 'Disconnect' });
    if (await disconnect.isVisible()) {
      await disconnect.click();
      await lp.expectPhase('closed');
    }
    await lp.sessionTabs.getByRole('button', { name: /^Close tab / }).click();
    await expect(lp.sessionTabs.getByRole('tab')).toHaveCount(0);
  });
}
