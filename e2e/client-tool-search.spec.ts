/**
 * The tools are a list to scan, not a picker that shows one at a time: several lines in view at
 * once, each with the tool's name, title, declared behaviour hints and the first line of its
 * description; a search by name, title or description narrows it; a pick (click or arrow keys)
 * opens the tool's form below the list, its Call button in reach. At 1280×720 and 1440×900.
 */
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { ClientPanel } from './pages/ClientPanel';
import { loupePerFile } from './support/loupe';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];
const loupe = loupePerFile();

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('tools: a list to scan and search; a pick opens its form below, the Call button in reach', async ({ page }) => {
      const lp = new LoupePage(page);
      const client = new ClientPanel(page);
      const search = client.root.getByRole('searchbox', { name: 'Search tools' });
      await lp.open(loupe.url);
      await lp.connect('server-everything (reference server)');
      await lp.expectPhase('ready');
      await client.showTools();
      await expect(client.toolOptions).toHaveCount(19);

      await test.step('several lines in view at once: name, title, declared hints, a line of description', async () => {
        for (let i = 0; i < 4; i++) await expect(client.toolOptions.nth(i)).toBeInViewport();
        const echo = client.toolOption('echo');
        await expect(echo).toHaveAccessibleName('echo — Echo Tool');
        await expect(echo.getByRole('list', { name: 'Annotations' }).getByRole('listitem')).toHaveText(['read-only']);
        await expect(echo).toContainText(/Echoes back the input/i);
        await expect(echo).toHaveAccessibleDescription('Echoes back the input string read-only');
        // Only what a tool declared: the spec's defaults (dashed in the picked tool's heading) would repeat on every line.
        const gzip = client.toolOption('gzip-file-as-resource');
        await expect(gzip.getByRole('list', { name: 'Annotations' }).getByRole('listitem')).toHaveText(['idempotent', 'open-world']);
        // Every line fits the panel: nothing is cut off sideways.
        const panel = (await client.root.boundingBox())!;
        const list = (await client.toolList.boundingBox())!;
        expect(list.x + list.width).toBeLessThanOrEqual(panel.x + panel.width + 1);
      });

      await test.step('a pick opens the form below the list; its Call button can be reached and pressed', async () => {
        await client.pickTool('get-sum');
        const form = client.toolForm('get-sum');
        const list = (await client.toolList.boundingBox())!;
        const formBox = (await form.boundingBox())!;
        expect(formBox.y).toBeGreaterThanOrEqual(list.y + list.height - 1);
        await form.getByRole('spinbutton', { name: 'a' }).fill('2');
        await form.getByRole('spinbutton', { name: 'b' }).fill('3');
        const call = client.root.getByRole('button', { name: 'Call get-sum' });
        await call.scrollIntoViewIfNeeded();
        await expect(call).toBeInViewport();
        // Nothing covers it where it is pressed.
        const box = (await call.boundingBox())!;
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent,
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(hit).toBe('Call get-sum');
        await call.click();
        await expect(client.result).toContainText('5');
      });

      await test.step('the keyboard moves the pick along the list', async () => {
        await client.toolOption('echo').click();
        await client.toolList.press('ArrowDown');
        await expect(client.toolOption('echo')).toHaveAttribute('aria-selected', 'false');
        const next = client.toolList.locator('[role="option"][aria-selected="true"]');
        await expect(next).toHaveCount(1);
        await expect(client.toolForm(((await next.getAttribute('aria-label')) ?? '').split(' — ')[0])).toBeVisible();
        await client.toolList.press('Home');
        await expect(client.toolOptions.first()).toHaveAttribute('aria-selected', 'true');
      });

      await test.step('a title word finds the tool; its heading and badges follow', async () => {
        await search.fill('gzip');
        await expect(client.toolOptions).toHaveCount(1);
        await expect(client.toolOption('gzip-file-as-resource')).toHaveAttribute('aria-selected', 'true');
        const heading = client.root.getByRole('group', { name: 'Tool gzip-file-as-resource' });
        await expect(heading).toContainText('GZip File as Resource Tool');
        await expect(heading.getByRole('list', { name: 'Annotations' }).getByRole('listitem')).toHaveText(['idempotent', 'open-world']);
      });

      await test.step('a description word, several terms, and no match', async () => {
        await search.fill('echoes back');
        await expect(client.toolOptions).toHaveCount(1);
        await expect(client.toolOptions.first()).toHaveAccessibleName('echo — Echo Tool');
        const badges = client.root.getByRole('group', { name: 'Tool echo' }).getByRole('list', { name: 'Annotations' }).getByRole('listitem');
        await expect(badges).toHaveText(['read-only']);
        await search.fill('no such tool anywhere');
        await expect(client.root.getByText('No tool matches “no such tool anywhere”.')).toBeVisible();
        await expect(client.toolList).toHaveCount(0);
        await search.press('Escape');
        await expect(client.toolOptions).toHaveCount(19);
      });

      await test.step('resources have the same search (prompts too)', async () => {
        await client.tab('Resources');
        const resources = client.root.getByRole('list', { name: 'Resources' }).getByRole('listitem');
        await expect(resources.first()).toBeVisible();
        const total = await resources.count();
        expect(total).toBeGreaterThan(1);
        await client.root.getByRole('searchbox', { name: 'Search resources' }).fill('features.md');
        await expect(resources).toHaveCount(1);
        await expect(resources.first()).toHaveAccessibleName(/features\.md$/);
      });
    });
  });
}
