/**
 * The Sequence toolbar's Export SVG and Export Mermaid write files a person shares: they are drawn
 * from frames the proxy redacted, not from the frames on screen. A real Loupe, a real browser and
 * a fixture server that repeats its env, its arguments and the tool arguments it gets.
 */
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LoupePage } from './pages/LoupePage';
import { repoRoot, startLoupe, type RunningLoupe } from './support/loupe';

const ENV_SECRET = 'envsecret-e2e-Q7w2E9r4T1y6';
const ARG_SECRET = 'argtoken-e2e-U3i8O5p0A2s7';
const TOOL_SECRET = 'toolpass-e2e-L5k4J3h2G1f0';
const SECRETS = [ENV_SECRET, ARG_SECRET, TOOL_SECRET];

let loupe: RunningLoupe;
test.beforeAll(async () => {
  loupe = await startLoupe();
});
test.afterAll(async () => {
  await loupe?.stop();
});

test('the Sequence SVG and Mermaid exports hold no env value, argument or tool secret', async ({ page }) => {
  test.setTimeout(90_000);
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const server = path.join(repoRoot, 'e2e/fixtures/servers/leaky-secrets.mjs');
  await lp.addConnection({ name: 'leaky', command: process.execPath, args: [server, `--token=${ARG_SECRET}`], env: { API_KEY: ENV_SECRET } });
  await lp.connect('leaky');
  await lp.expectPhase('ready');
  await lp.listTools();
  await lp.callTool('echo', { message: 'hello', password: TOOL_SECRET });

  await page.getByRole('tab', { name: 'Sequence' }).click();
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  // On screen the diagram shows what crossed the wire, the echoed env value included.
  await expect(diagram.getByRole('option', { name: new RegExp(`API_KEY=${ENV_SECRET}`) })).toHaveCount(1);
  await expect(diagram.getByRole('option', { name: /tools\/call result/ })).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  const svg = readFileSync(await (await download).path(), 'utf8');
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).toContain('API_KEY=«redacted:env:API_KEY»');
  expect(svg).toContain('tools/call');
  for (const secret of SECRETS) expect(svg, 'the SVG file').not.toContain(secret);

  await page.getByRole('button', { name: 'Export Mermaid' }).click();
  const mermaid = await page.getByRole('dialog', { name: 'Mermaid export' }).getByRole('textbox', { name: 'Mermaid text' }).inputValue();
  expect(mermaid.startsWith('sequenceDiagram\n')).toBe(true);
  // Mermaid writes server text as entity codes: API_KEY=«redacted:env:API_KEY».
  expect(mermaid).toContain('API_KEY#61;#171;redacted#58;env#58;API_KEY#187;');
  for (const secret of SECRETS) expect(mermaid, 'the Mermaid text').not.toContain(secret);
});
