/**
 * What a person set stays set: the log level shows what the server was set to (and "not set"
 * before anyone set it), the resource-template picker keeps its template and values across a
 * client tab switch and a reload, custom redaction rules come back in the next export and after a
 * reload, and a URL elicitation that waits for a completion that never comes can be dismissed
 * without telling the server.
 */
import { expect, test, type Page } from '@playwright/test';
import { ClientPanel, connectEverything } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const loupe = loupePerFile();

const connected = (page: Page) => connectEverything(page, loupe.url);

/** After a reload the session's tab comes back; the panel is opened if it did not reopen itself. */
async function reloaded(page: Page, client: ClientPanel): Promise<void> {
  await page.reload();
  await expect(new LoupePage(page).status).toBeVisible();
  await client.open();
}

test('the log level reads "not set" until set, then the level the server was set to, after a tab switch and a reload', async ({ page }) => {
  const { client } = await connected(page);
  await client.tab('Utilities');
  const level = client.root.getByRole('combobox', { name: 'Log level' });
  const status = client.root.getByRole('status', { name: 'Log level status' });
  await expect(level).toHaveValue('');
  await expect(status).toHaveText('not set yet: the server logs at its own default');
  await expect(client.root.getByRole('button', { name: 'Set level' })).toBeDisabled();
  await level.selectOption('warning');
  await client.root.getByRole('button', { name: 'Set level' }).click();
  await expect(status).toHaveText("the server's level is warning");
  await client.tab('Tools');
  await client.tab('Utilities');
  await expect(level).toHaveValue('warning');
  await reloaded(page, client);
  await client.tab('Utilities');
  await expect(level).toHaveValue('warning');
});

test('the template picker keeps its template and values across a client tab switch and a reload', async ({ page }) => {
  const { client } = await connected(page);
  // Templates were listed on Connect.
  await client.tab('Resources');
  const picker = client.root.getByRole('combobox', { name: 'Template' });
  const template = 'demo://resource/dynamic/text/{resourceId}';
  await picker.selectOption(template);
  await client.root.getByRole('textbox', { name: 'resourceId' }).fill('7');
  const expanded = client.root.getByLabel('Expanded URI');
  await expect(expanded).toHaveText('demo://resource/dynamic/text/7');

  await client.tab('Tools');
  await client.tab('Resources');
  await expect(picker).toHaveValue(template);
  await expect(client.root.getByRole('textbox', { name: 'resourceId' })).toHaveValue('7');
  await reloaded(page, client);
  await client.tab('Resources');
  await expect(picker).toHaveValue(template);
  await expect(expanded).toHaveText('demo://resource/dynamic/text/7');
  await client.root.getByRole('button', { name: 'Read demo://resource/dynamic/text/7' }).click();
  await expect(client.root.getByRole('region', { name: 'Resource contents' })).toContainText('Resource 7');
});

test('custom redaction rules are remembered between exports and after a reload', async ({ page }) => {
  const { lp } = await connected(page);
  const rules = () => page.getByRole('dialog', { name: 'Export trace' }).getByRole('list', { name: 'Custom redaction rules' });
  const openExport = async () => {
    await lp.status.getByRole('button', { name: 'Export…' }).click();
    await expect(page.getByRole('dialog', { name: 'Export trace' })).toBeVisible();
  };
  const closeExport = async () => {
    await page.getByRole('dialog', { name: 'Export trace' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Export trace' })).toBeHidden();
  };
  await openExport();
  await expect(rules().getByRole('listitem')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Custom rule', exact: true }).fill('ACC-\\d+');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(rules().getByRole('listitem')).toHaveText([/ACC-\\d\+/]);
  await closeExport();

  await openExport();
  await expect(rules().getByRole('listitem')).toHaveText([/ACC-\\d\+/]);
  await closeExport();
  await page.reload();
  await expect(lp.status).toBeVisible();
  await openExport();
  await expect(rules().getByRole('listitem')).toHaveText([/ACC-\\d\+/]);
  await rules()
    .getByRole('button', { name: /^Remove rule/ })
    .click();
  await expect(rules().getByRole('listitem')).toHaveCount(0);
  await closeExport();
  await openExport();
  await expect(rules().getByRole('listitem')).toHaveCount(0);
});

test('a URL elicitation waiting for a completion can be dismissed; the server is not told', async ({ page }) => {
  const { lp, client } = await connected(page);
  await client.pickTool('trigger-url-elicitation');
  await client.toolForm('trigger-url-elicitation').getByRole('textbox', { name: 'url' }).fill('https://example.com/verify?step=2');
  await client.call('trigger-url-elicitation');
  await client.serverRequests.getByRole('listitem', { name: 'elicitation/create request' }).getByRole('button', { name: 'Accept' }).click();
  const section = client.root.getByRole('region', { name: 'URL elicitations' });
  const card = section.getByRole('listitem', { name: /^URL elicitation / });
  await expect(card.getByRole('status')).toHaveText('accepted: waiting for the server to report completion');
  await expect(card).toContainText('the server is not told');
  await expect(client.result).toContainText('accept');
  const frames = await lp.frameCount();

  await card.getByRole('button', { name: /^Dismiss URL elicitation / }).click();
  await expect(section).toHaveCount(0);
  await reloaded(page, client);
  await expect(lp.traffic.row('response', 'tools/call')).toBeVisible();
  await expect(client.root.getByRole('region', { name: 'URL elicitations' })).toHaveCount(0);
  // Nothing was sent: the frame count is what it was before the dismissal.
  expect(await lp.frameCount()).toBe(frames);
});
