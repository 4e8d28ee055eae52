/**
 * After Connect the server's offer is in view without a click: tools, resources, templates and
 * prompts are listed by the session (the traffic shows the list requests) and read again on
 * list_changed; the tools are a list to scan, not a picker that shows one at a time. A required
 * field is flagged once the person tried to call, and a cancelled call says how long it ran.
 */
import { expect, test } from '@playwright/test';
import { ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const SIZES = [{ width: 1280, height: 720 }, { width: 1440, height: 900 }];
const loupe = loupePerFile();

async function connected(page: import('@playwright/test').Page): Promise<{ lp: LoupePage; client: ClientPanel }> {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.connect(BUILTIN);
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.tab('Tools');
  return { lp, client };
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('the offer is listed on Connect, in the traffic too, and resources are read again on list_changed', async ({ page }) => {
      const { lp, client } = await connected(page);
      await expect(client.toolOptions).toHaveCount(19);
      // The session sent the list requests: the traffic shows them (filtered, as a long trace scrolls).
      const filter = page.getByRole('textbox', { name: 'Filter by method' }).or(page.getByRole('searchbox', { name: 'Filter by method' }));
      for (const method of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) {
        await filter.fill(method);
        await lp.traffic.expectRow('request', method);
      }
      await filter.fill('');

      await client.tab('Resources');
      const resources = client.root.getByRole('list', { name: 'Resources' });
      await expect(resources.getByRole('listitem').first()).toBeVisible();
      await expect(client.root.getByRole('combobox', { name: 'Template' }).getByRole('option', { name: 'demo://resource/dynamic/text/{resourceId}' })).toHaveCount(1);
      await client.tab('Prompts');
      await expect(client.root.getByRole('combobox', { name: 'Prompt' }).getByRole('option', { name: /^args-prompt/ })).toHaveCount(1);

      // A new session resource: the server says its resources changed, the list follows by itself.
      const uri = 'demo://resource/session/offer.txt.gz';
      await expect(resources.getByRole('listitem', { name: uri })).toHaveCount(0);
      await client.tab('Tools');
      await client.pickTool('gzip-file-as-resource');
      await client.root.getByRole('radio', { name: 'JSON only' }).check();
      await client.root.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify({ name: 'offer.txt.gz', data: 'data:text/plain;base64,aGVsbG8=' }));
      await client.call('gzip-file-as-resource');
      await lp.traffic.expectRow('notification', 'notifications/resources/list_changed');
      await client.tab('Resources');
      await expect(resources.getByRole('listitem', { name: uri })).toBeVisible();
    });

    test('the tools are a list to scan: name, title, badges and a line of description; a pick opens its form below', async ({ page }) => {
      const { client } = await connected(page);
      // Several tools in view at once, not one picker value.
      for (let i = 0; i < 4; i++) await expect(client.toolOptions.nth(i)).toBeInViewport();
      const echo = client.toolOption('echo');
      await expect(echo).toHaveAccessibleName('echo — Echo Tool');
      await expect(echo.getByRole('list', { name: 'Annotations' }).getByRole('listitem')).toHaveText(['read-only']);
      await expect(echo).toContainText(/Echoes back the input/i);
      const gzip = client.toolOption('gzip-file-as-resource');
      await expect(gzip.getByRole('list', { name: 'Annotations' }).getByRole('listitem')).toHaveText(['idempotent', 'open-world']);

      await client.pickTool('echo');
      const form = client.toolForm('echo');
      await expect(form).toBeVisible();
      const list = (await client.toolList.boundingBox())!;
      const formBox = (await form.boundingBox())!;
      expect(formBox.y).toBeGreaterThanOrEqual(list.y + list.height - 1);
      // Nothing of a line is cut off sideways: the list fits the panel.
      const panel = (await client.root.boundingBox())!;
      expect(list.x + list.width).toBeLessThanOrEqual(panel.x + panel.width + 1);

      // The keyboard moves the pick along the list.
      await echo.click();
      await client.toolList.press('ArrowDown');
      await expect(echo).toHaveAttribute('aria-selected', 'false');
      await expect(client.toolList.locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
    });

    test('an empty required field is flagged only once the person tried to call', async ({ page }) => {
      const { client } = await connected(page);
      await client.pickTool('echo');
      const warning = client.root.getByText('Required but empty: message');
      await expect(client.toolForm('echo')).toBeVisible();
      await expect(warning).toHaveCount(0);
      await client.call('echo');
      await expect(warning).toBeVisible();
      await client.toolForm('echo').getByRole('textbox', { name: 'message' }).fill('hi');
      await expect(warning).toHaveCount(0);
      // Another tool starts fresh.
      await client.pickTool('get-sum');
      await expect(client.root.getByText(/Required but empty/)).toHaveCount(0);
    });

    test('a cancelled call says how long it ran before the cancellation', async ({ page }) => {
      const { client } = await connected(page);
      await client.pickTool('trigger-long-running-operation');
      const form = client.toolForm('trigger-long-running-operation');
      await form.getByRole('spinbutton', { name: 'duration' }).fill('60');
      await form.getByRole('spinbutton', { name: 'steps' }).fill('60');
      await client.call('trigger-long-running-operation');
      await expect(client.root.getByRole('progressbar', { name: 'Call progress' })).toHaveAttribute('aria-valuenow', /^[1-9]/, { timeout: 10_000 });
      await client.root.getByRole('button', { name: 'Cancel', exact: true }).click();
      const cancelled = client.result.getByRole('status', { name: 'Cancelled' });
      await expect(cancelled).toContainText(/^Cancelled after \d+\.\d s /);
      const seconds = Number(/after (\d+\.\d) s/.exec((await cancelled.textContent()) ?? '')?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThan(30);
    });
  });
}
