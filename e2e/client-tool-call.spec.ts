/**
 * Calling a tool from its form: an empty required field is flagged once the person pressed Call,
 * not while they have yet to type; a cancelled call says how long it ran before the cancellation,
 * from its request frame to the notifications/cancelled, the span the traffic table shows on the
 * request's row. At 1280×720 and 1440×900.
 */
import { expect, test } from '@playwright/test';
import { connectEverything } from './pages/ClientPanel';
import { loupePerFile } from './support/loupe';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];
const loupe = loupePerFile();

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('an empty required field is flagged only once the person tried to call', async ({ page }) => {
      const { client } = await connectEverything(page, loupe.url);
      await client.pickTool('echo');
      const form = client.toolForm('echo');
      const warning = client.root.getByText('Required but empty: message');
      await expect(form.getByRole('textbox', { name: 'message' })).toHaveValue('');
      await expect(warning).toHaveCount(0);

      await client.call('echo');
      await expect(warning).toBeVisible();
      // The call still went out, to see how the server reacts.
      await expect(client.result).toBeVisible();
      await form.getByRole('textbox', { name: 'message' }).fill('hi');
      await expect(warning).toHaveCount(0);
      await form.getByRole('textbox', { name: 'message' }).fill('');
      await expect(warning).toBeVisible();

      // Another tool starts fresh, and so does coming back.
      await client.pickTool('get-sum');
      await expect(client.root.getByText(/Required but empty/)).toHaveCount(0);
      await client.pickTool('echo');
      await expect(client.root.getByText(/Required but empty/)).toHaveCount(0);
    });

    test('a cancelled call says how long it ran before the cancellation, as the traffic measured it', async ({ page }) => {
      const { lp, client } = await connectEverything(page, loupe.url);
      await client.pickTool('trigger-long-running-operation');
      const form = client.toolForm('trigger-long-running-operation');
      await form.getByRole('spinbutton', { name: 'duration' }).fill('60');
      await form.getByRole('spinbutton', { name: 'steps' }).fill('60');
      await client.call('trigger-long-running-operation');
      await expect(client.root.getByRole('progressbar', { name: 'Call progress' })).toHaveAttribute('aria-valuenow', /^[1-9]/, { timeout: 10_000 });
      await client.root.getByRole('button', { name: 'Cancel', exact: true }).click();

      const cancelled = client.result.getByRole('status', { name: 'Cancelled' });
      await expect(cancelled).toContainText(/^Cancelled after \d+(\.\d+)? m?s /);
      const shown = /^Cancelled after (\S+ m?s)/.exec((await cancelled.textContent()) ?? '')![1];
      // At least one progress step (a second) went by before the Cancel.
      expect(shown).toMatch(/^\d+\.\d\d s$/);
      // The request's row in the traffic names the same span.
      await page.getByRole('searchbox', { name: 'Filter by method' }).fill('trigger-long-running-operation');
      const request = lp.traffic.row('request', /^tools\/call cancelled/);
      await expect(request.getByTitle(/^cancelled after /)).toHaveText(shown);
    });
  });
}
