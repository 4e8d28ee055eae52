/**
 * The client panel validates as a host does, with a full JSON Schema validator running in the
 * page: a `pattern` in the tool's inputSchema, a `$ref` in its outputSchema.
 */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { ClientPanel } from './pages/ClientPanel';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const loupe = loupePerFile();

test('a pattern in inputSchema and a $ref in outputSchema are checked in the page', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.addConnection({ name: 'schemas', command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/client-schemas.mjs')] });
  await lp.connect('schemas');
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  await client.pickTool('book');
  const code = client.toolForm('book').getByRole('textbox', { name: 'Code' });
  const tools = client.root.getByRole('complementary', { name: 'Tools' });

  await code.fill('paris');
  await expect(tools.getByRole('status').filter({ hasText: 'inputSchema' })).toHaveText(
    /The arguments do not match the inputSchema: \/code: String does not match pattern \(got "paris"\)/,
  );
  await client.call('book');
  const structured = client.result.getByRole('group', { name: 'Structured content' }).getByRole('status');
  await expect(structured).toHaveText('does not match outputSchema: /at/lat: Instance type "string" is invalid. Expected "number" (got "north")');

  await code.fill('CDG');
  await expect(tools.getByRole('status').filter({ hasText: 'inputSchema' })).toHaveCount(0);
  await client.call('book');
  await expect(structured).toHaveText('matches outputSchema');
});
