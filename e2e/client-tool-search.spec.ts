/**
 * The tool list of a long listing: search by name, title or description, the tool's title shown
 * with its name, and its annotations as badges (server-everything declares them on its tools).
 */
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { ClientPanel } from './pages/ClientPanel';
import { loupePerFile } from './support/loupe';

const loupe = loupePerFile();

test('tools: search narrows the list, the picked tool shows its title and annotation badges', async ({ page }) => {
  const lp = new LoupePage(page);
  const client = new ClientPanel(page);
  const options = client.root.getByRole('combobox', { name: 'Tool' }).getByRole('option');
  const search = client.root.getByRole('searchbox', { name: 'Search tools' });
  await lp.open(loupe.url);
  await lp.connect('server-everything (reference server)');
  await lp.expectPhase('ready');
  await client.listTools();
  await expect(options).toHaveCount(19);

  await test.step('a title word finds the tool; its heading and badges follow', async () => {
    await search.fill('gzip');
    await expect(options).toHaveCount(1);
    await expect(client.root.getByRole('combobox', { name: 'Tool' })).toHaveValue('gzip-file-as-resource');
    const heading = client.root.getByRole('group', { name: 'Tool gzip-file-as-resource' });
    await expect(heading).toContainText('GZip File as Resource Tool');
    const badges = heading.getByRole('list', { name: 'Annotations' }).getByRole('listitem');
    await expect(badges).toHaveText(['idempotent', 'open-world']);
  });

  await test.step('a description word, several terms, and no match', async () => {
    await search.fill('echoes back');
    await expect(options).toHaveText(['echo — Echo Tool']);
    const badges = client.root.getByRole('group', { name: 'Tool echo' }).getByRole('list', { name: 'Annotations' }).getByRole('listitem');
    await expect(badges).toHaveText(['read-only']);
    await search.fill('no such tool anywhere');
    await expect(client.root.getByText('No tool matches “no such tool anywhere”.')).toBeVisible();
    await search.press('Escape');
    await expect(options).toHaveCount(19);
  });

  await test.step('resources have the same search (prompts too)', async () => {
    await client.tab('Resources');
    await client.root.getByRole('button', { name: 'List resources' }).click();
    const resources = client.root.getByRole('list', { name: 'Resources' }).getByRole('listitem');
    await expect(resources.first()).toBeVisible();
    const total = await resources.count();
    expect(total).toBeGreaterThan(1);
    await client.root.getByRole('searchbox', { name: 'Search resources' }).fill('features.md');
    await expect(resources).toHaveCount(1);
    await expect(resources.first()).toHaveAccessibleName(/features\.md$/);
  });
});
