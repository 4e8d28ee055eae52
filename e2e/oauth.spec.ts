/**
 * OAuth in the page, end to end with real parts: oidc-provider as the authorization server in
 * front of an MCP server built with the SDK's bearer-auth middleware
 * (e2e/fixtures/servers/oauth-oidc.mjs). The page connects, the OAuth pane offers the
 * authorization URL, a new tab signs in and approves, the redirect comes back to Loupe's
 * /oauth/callback, the session retries with the bearer, and the pane shows every step. No
 * WebSocket message ever carries a token.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFixture, type RunningServer } from '../proxy/transports/http/testing';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const loupe = loupePerFile();
let server: RunningServer;

test.beforeAll(async () => {
  server = await startFixture('oauth-oidc');
});
test.afterAll(async () => {
  await server?.stop();
});

/** Signs in and approves on the authorization server's page until it sends the tab back to Loupe. */
async function approve(tab: Page, origin: string): Promise<void> {
  for (let i = 0; i < 3 && !tab.url().startsWith(origin); i++) {
    const button = tab.getByRole('button', { name: 'Approve' });
    await Promise.race([button.waitFor(), tab.waitForURL((u) => u.href.startsWith(origin))]);
    if (tab.url().startsWith(origin)) break;
    await button.click();
    await tab.waitForLoadState();
  }
  await expect(tab.getByRole('heading', { name: 'Loupe received the authorization' })).toBeVisible();
}

test('the page completes the OAuth flow in a new tab and the OAuth pane shows each step', async ({ page, context }) => {
  test.setTimeout(90_000);
  const toPage: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => toPage.push(String(f.payload))));
  await page.setViewportSize({ width: 1440, height: 900 });
  const lp = new LoupePage(page);
  await lp.open(loupe.url);

  await lp.sidebar.getByRole('button', { name: 'Import mcpServers JSON' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import mcpServers JSON' });
  await dialog.getByRole('textbox').fill(JSON.stringify({ mcpServers: { 'oauth-protected': { type: 'http', url: server.url } } }));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await lp.connect('oauth-protected');
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'OAuth', exact: true }).click();

  const authorize = page.getByRole('link', { name: 'Authorize' });
  await expect(authorize).toBeVisible({ timeout: 20_000 });
  expect(await authorize.getAttribute('target')).toBe('_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), authorize.click()]);
  await approve(tab, loupe.origin);
  await tab.close();

  await lp.expectPhase('ready');
  await expect(page.getByRole('status').filter({ hasText: 'Authorized' })).toBeVisible();
  const chain = page.getByRole('list', { name: 'OAuth chain' });
  const titles = [
    '401 challenge',
    'protected-resource metadata',
    'authorization-server metadata',
    'client registration',
    'authorization request',
    'token request',
    'retry with the bearer',
  ];
  for (const title of titles) await expect(chain.getByRole('listitem', { name: new RegExp(`^Step \\d+: ${title}$`) }).first()).toBeVisible();
  const token = chain.getByRole('listitem', { name: /token request$/ });
  await expect(token.getByLabel('Answer', { exact: true })).toHaveText(/^200/);
  await expect(token).toContainText('token_type');
  await expect(token).toContainText('refresh_token');
  await expect(chain.getByRole('listitem', { name: /authorization request$/ })).toContainText('S256');

  // The tokens are in the config dir, 0600, and never in a message the page was sent.
  const file = path.join(loupe.configDir, 'oauth.json');
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  const saved = Object.values(JSON.parse(await readFile(file, 'utf8')) as Record<string, { tokens: { access_token: string; refresh_token: string } }>)[0];
  const all = toPage.join('\n');
  expect(all).toContain('«redacted:oauth:credential»');
  expect(all).not.toContain(saved.tokens.access_token);
  expect(all).not.toContain(saved.tokens.refresh_token);

  // The docs' picture is taken on demand (npm run screenshots sets LOUPE_SCREENSHOTS): a test run
  // leaves the repository as it found it.
  const docs = process.env.LOUPE_SCREENSHOTS ? path.join(repoRoot, 'docs/screenshots') : 'test-results/screens';
  await page.screenshot({ path: path.join(docs, 'oauth-pane-1440x900.png') });
});
