/**
 * After Connect the server's offer is in view without a click: the session lists the tools,
 * resources, templates and prompts of every capability the server declared, and only those (the
 * traffic shows the list requests), and reads a list again on its list_changed; the connection's
 * client settings turn both off. At 1280×720 and 1440×900.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];
const loupe = loupePerFile();

/** The traffic filtered to one method, so a row is found however long the session grew. */
function methodFilter(page: Page) {
  return page.getByRole('searchbox', { name: 'Filter by method' });
}

/** Adds the paged fixture (it declares tools, with listChanged, and nothing else) under a name of its own. */
async function addPaged(lp: LoupePage, name: string): Promise<void> {
  await lp.addConnection({ name, command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/client-paged.mjs')] });
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('the offer of server-everything is listed on Connect, in the panel and in the traffic', async ({ page }) => {
      const lp = new LoupePage(page);
      await lp.open(loupe.url);
      await lp.connect(BUILTIN);
      await lp.expectPhase('ready');
      const client = new ClientPanel(page);
      // No button pressed: the Tools tab shows what the session listed.
      await client.tab('Tools');
      await expect(client.toolOptions).toHaveCount(19);
      await expect(client.root.getByText('19 listed')).toBeVisible();

      for (const method of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) {
        await methodFilter(page).fill(method);
        await lp.traffic.expectRow('request', method);
        await lp.traffic.expectRow('response', method);
      }
      await methodFilter(page).fill('');

      await client.tab('Resources');
      await expect(client.root.getByRole('list', { name: 'Resources' }).getByRole('listitem').first()).toBeVisible();
      await expect(
        client.root.getByRole('combobox', { name: 'Template' }).getByRole('option', { name: /demo:\/\/resource\/dynamic\/text\/\{resourceId\}/ }),
      ).toHaveCount(1);
      await client.tab('Prompts');
      await expect(client.root.getByRole('combobox', { name: 'Prompt' }).getByRole('option', { name: /^args-prompt/ })).toHaveCount(1);
    });

    test('only what the server declared is listed, and a list_changed reads that list again', async ({ page }) => {
      const lp = new LoupePage(page);
      await lp.open(loupe.url);
      const name = `paged ${size.width}`;
      await addPaged(lp, name);
      await lp.connect(name);
      await lp.expectPhase('ready');
      const client = new ClientPanel(page);
      await client.showTools();
      await expect(client.toolOptions).toHaveCount(2);

      // It declared tools only: no other list was asked for.
      await methodFilter(page).fill('/list');
      await lp.traffic.expectRow('response', 'tools/list');
      for (const method of ['resources/list', 'resources/templates/list', 'prompts/list']) await expect(lp.traffic.row('request', method)).toHaveCount(0);
      await client.tab('Resources');
      await expect(client.root.getByRole('list', { name: 'Resources' })).toHaveCount(0);
      await client.tab('Prompts');
      await expect(client.root.getByRole('combobox', { name: 'Prompt' })).toHaveCount(0);

      // add-tool adds late-tool to the second page and says so: the listing is read again by itself.
      await client.tab('Tools');
      await client.root.getByRole('button', { name: 'Load more' }).click();
      await expect(client.toolOptions).toHaveCount(4);
      await methodFilter(page).fill('tools/list');
      await expect(lp.traffic.rows()).toHaveCount(4);
      await client.pickTool('add-tool');
      await client.call('add-tool');
      await expect(client.result).toContainText('added late-tool');
      await lp.traffic.expectRow('notification', 'notifications/tools/list_changed');
      // The first page again (the request, its response and the notice make seven rows).
      await expect(lp.traffic.rows()).toHaveCount(7);
      await expect(client.toolOptions).toHaveCount(2);
      await client.root.getByRole('button', { name: 'Load more' }).click();
      await expect(client.toolOption('late-tool')).toHaveCount(1);
    });

    test('a connection whose settings turn list refresh off lists nothing until asked, and ignores list_changed', async ({ page }) => {
      const lp = new LoupePage(page);
      await lp.open(loupe.url);
      const name = `quiet ${size.width}`;
      await addPaged(lp, name);
      const row = lp.connections.getByRole('listitem', { name, exact: true });
      await row.getByRole('button', { name: `Connect options of ${name}`, exact: true }).click();
      const settings = row.getByRole('group', { name: `Connect options of ${name}` }).getByRole('group', { name: 'Client settings' });
      const refresh = settings.getByRole('checkbox', { name: 'List the server’s offer on Connect, read it again on list_changed' });
      await expect(refresh).toBeChecked();
      await refresh.uncheck();
      await row.getByRole('button', { name: `Connect options of ${name}`, exact: true }).click();

      await lp.connect(name);
      await lp.expectPhase('ready');
      const client = new ClientPanel(page);
      await client.tab('Tools');
      await expect(client.root.getByText('not listed yet')).toBeVisible();
      await expect(lp.traffic.row('request', 'tools/list')).toHaveCount(0);

      await client.refreshTools();
      await expect(client.toolOptions).toHaveCount(2);
      await client.pickTool('add-tool');
      await client.call('add-tool');
      await lp.traffic.expectRow('notification', 'notifications/tools/list_changed');
      await methodFilter(page).fill('tools/list');
      // The one listing asked for (its request and response) and the notice, never a read of its own.
      await expect(lp.traffic.rows()).toHaveCount(3);
    });
  });
}
