/**
 * The same client over Streamable HTTP: server-everything in streamableHttp mode on a free
 * loopback port; the server's requests travel on SSE streams and are answered from the page
 * exactly as over stdio.
 */
import { expect, test } from '@playwright/test';
import { ANSWERS_EVERYTHING, chooseCapabilities, ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { everythingHttp, loupeWithServers } from './support/servers';

const { loupe, servers } = loupeWithServers({ everything: everythingHttp });

test('over HTTP: a form call with progress, sampling, elicitation and roots answered from the page, a resource read', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.importServers({ 'everything-http': { type: 'http', url: servers.everything.url } });
  await chooseCapabilities(page, ANSWERS_EVERYTHING);
  await lp.connect('everything-http');
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();

  await test.step('a tool through its form, with progress', async () => {
    await client.pickTool('trigger-long-running-operation');
    const form = client.toolForm('trigger-long-running-operation');
    await form.getByRole('spinbutton', { name: 'duration' }).fill('2');
    await form.getByRole('spinbutton', { name: 'steps' }).fill('4');
    await client.call('trigger-long-running-operation');
    await expect(client.root.getByRole('progressbar', { name: 'Call progress' })).toHaveAttribute('aria-valuenow', /[1-4]/);
    await expect(client.result).toContainText('Long running operation completed. Duration: 2 seconds, Steps: 4.');
  });

  await test.step('sampling answered by the person', async () => {
    await client.pickTool('trigger-sampling-request');
    await client.toolForm('trigger-sampling-request').getByRole('textbox', { name: 'prompt' }).fill('over http');
    await client.call('trigger-sampling-request');
    const card = client.serverRequests.getByRole('listitem', { name: 'sampling/createMessage request' });
    await expect(card).toContainText('over http');
    await card.getByRole('textbox', { name: 'Reply' }).fill('Answered over SSE.');
    await card.getByRole('button', { name: 'Send reply' }).click();
    await expect(client.result).toContainText('Answered over SSE.');
  });

  await test.step('elicitation through its form', async () => {
    await client.pickTool('trigger-elicitation-request');
    await client.call('trigger-elicitation-request');
    const card = client.serverRequests.getByRole('listitem', { name: 'elicitation/create request' });
    await card.getByRole('form', { name: 'Elicitation form' }).getByRole('textbox', { name: 'String', exact: true }).fill('Grace Hopper');
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(client.result).toContainText('Name: Grace Hopper');
  });

  await test.step('roots from the page', async () => {
    await client.tab('Roots');
    await client.root.getByRole('textbox', { name: 'Root URI' }).fill('file:///srv/over-http');
    await client.root.getByRole('button', { name: 'Add root' }).click();
    await lp.traffic.expectRow('notification', 'notifications/roots/list_changed');
    await client.tab('Tools');
    await client.pickTool('get-roots-list');
    await client.call('get-roots-list');
    await expect(client.result).toContainText('file:///srv/over-http');
  });

  await test.step('a resource read', async () => {
    // Listed on Connect.
    await client.tab('Resources');
    await client.root.getByRole('list', { name: 'Resources' }).getByRole('button', { name: 'Read demo://resource/static/document/features.md' }).click();
    await expect(client.root.getByRole('region', { name: 'Resource contents' })).toContainText('Everything Server');
    await lp.screenshot('client-http-1');
  });
});
