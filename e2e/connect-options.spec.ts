/**
 * Connect options are per connection: a fresh Connect declares every client capability the page
 * answers (so server-everything lists all 19 tools), and an edit is saved with the connection,
 * shown in its row and the session header, and survives a reload.
 */
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { ClientPanel } from './pages/ClientPanel';
import { loupePerFile } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

test('a fresh Connect declares every capability and lists all 19 tools; options are saved per connection and survive a reload', async ({ page }) => {
  const lp = new LoupePage(page);
  const client = new ClientPanel(page);
  const toolOptions = client.toolOptions;

  await test.step('defaults: roots, sampling, elicitation form+URL and tasks, so all 19 tools', async () => {
    await lp.open(loupe.url);
    await lp.connect(BUILTIN);
    await lp.expectPhase('ready');
    await expect(lp.fact('client capabilities')).toHaveText(/roots/);
    await expect(lp.fact('client capabilities')).toHaveText(/sampling/);
    await expect(lp.fact('client capabilities')).toHaveText(/elicitation\(form\+url\)/);
    await expect(lp.fact('client capabilities')).toHaveText(/tasks/);
    await client.showTools();
    await expect(toolOptions).toHaveCount(19);
    await expect(client.root.getByText('19 listed')).toBeVisible();
    await lp.disconnect();
  });

  await test.step('unticking sampling saves it with the connection; a reload keeps it', async () => {
    const row = lp.connections.getByRole('listitem', { name: BUILTIN });
    await row.getByRole('button', { name: `Connect options of ${BUILTIN}` }).click();
    const options = row.getByRole('group', { name: `Connect options of ${BUILTIN}` });
    await options.getByRole('checkbox', { name: 'sampling', exact: true }).uncheck();
    await expect(row.getByLabel('Declared capabilities')).not.toContainText('sampling');
    await page.reload();
    await expect(row.getByLabel('Declared capabilities')).not.toContainText('sampling');
    await expect(row.getByLabel('Declared capabilities')).toContainText('roots');
    await row.getByRole('button', { name: `Connect options of ${BUILTIN}` }).click();
    await expect(options.getByRole('checkbox', { name: 'sampling', exact: true })).not.toBeChecked();
    await expect(options.getByRole('checkbox', { name: 'elicitation: url' })).toBeChecked();
  });

  await test.step('the next Connect sends the saved options: no sampling, two tools fewer', async () => {
    await lp.connect(BUILTIN);
    await lp.expectPhase('ready');
    await expect(lp.fact('client capabilities')).not.toHaveText(/sampling/);
    await lp.traffic.row('request', 'initialize').click();
    const raw = lp.detail.getByRole('region', { name: 'Raw text' });
    await expect(raw).toContainText('"elicitation":{"form":{},"url":{}}');
    await expect(raw).not.toContainText('"sampling":{}');
    await client.showTools();
    await expect(toolOptions).toHaveCount(17);
  });

  await test.step('Reset to defaults declares everything again', async () => {
    const row = lp.connections.getByRole('listitem', { name: BUILTIN });
    await row
      .getByRole('group', { name: `Connect options of ${BUILTIN}` })
      .getByRole('button', { name: 'Reset to defaults' })
      .click();
    await expect(row.getByLabel('Declared capabilities')).toContainText('sampling');
  });
});
