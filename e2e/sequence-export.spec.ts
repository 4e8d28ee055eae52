/**
 * The Sequence toolbar's Export SVG and Export Mermaid write files a person shares: they are drawn
 * from frames the proxy redacted, not from the frames on screen. A real Loupe, a real browser and
 * a fixture server that repeats its env, its arguments and the tool arguments it gets.
 */
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LoupePage } from './pages/LoupePage';
import { repoRoot } from './support/loupe';
import { httpFixture, loupeWithServers } from './support/servers';

const ENV_SECRET = 'envsecret-e2e-Q7w2E9r4T1y6';
const ARG_SECRET = 'argtoken-e2e-U3i8O5p0A2s7';
const TOOL_SECRET = 'toolpass-e2e-L5k4J3h2G1f0';
const SECRETS = [ENV_SECRET, ARG_SECRET, TOOL_SECRET];

const QUERY_SECRET = 'querykey-e2e-M2n3B4v5C6x7';
const HEADER_SECRET = 'hdrcustom-e2e-R4e3W2q1Z0x9';

const { loupe, servers } = loupeWithServers({ leaky: httpFixture('http-leaky-secrets') });

async function exportBoth(page: import('@playwright/test').Page): Promise<{ svg: string; mermaid: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  const svg = readFileSync(await (await download).path(), 'utf8');
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  await page.getByRole('button', { name: 'Export Mermaid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mermaid export' });
  const mermaid = await dialog.getByRole('textbox', { name: 'Mermaid text' }).inputValue();
  expect(mermaid.startsWith('sequenceDiagram\n')).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  return { svg, mermaid };
}

test('the Sequence SVG and Mermaid exports hold no env value, argument or tool secret', async ({ page }) => {
  test.setTimeout(90_000);
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const server = path.join(repoRoot, 'e2e/fixtures/servers/leaky-secrets.mjs');
  await lp.addConnection({ name: 'leaky', command: process.execPath, args: [server, `--token=${ARG_SECRET}`], env: { API_KEY: ENV_SECRET } });
  await lp.connect('leaky');
  await lp.expectPhase('ready');
  await lp.showTools();
  await lp.callTool('echo', { message: 'hello', password: TOOL_SECRET });

  await page.getByRole('tab', { name: 'Sequence' }).click();
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  // On screen the diagram shows what crossed the wire, the echoed env value included.
  await expect(diagram.getByRole('option', { name: new RegExp(`API_KEY=${ENV_SECRET}`) })).toHaveCount(1);
  await expect(diagram.getByRole('option', { name: /tools\/call result/ })).toHaveCount(1);

  const { svg, mermaid } = await exportBoth(page);
  expect(svg).toContain('API_KEY=«redacted:env:API_KEY»');
  expect(svg).toContain('tools/call');
  // Mermaid writes server text as entity codes: API_KEY=«redacted:env:API_KEY».
  expect(mermaid).toContain('API_KEY#61;#171;redacted#58;env#58;API_KEY#187;');
  for (const secret of SECRETS) {
    expect(svg, 'the SVG file').not.toContain(secret);
    expect(mermaid, 'the Mermaid text').not.toContain(secret);
  }
});

test("over HTTP, the Sequence exports hold neither the URL's api_key nor a header value that does not look secret", async ({ page }) => {
  test.setTimeout(90_000);
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar.getByRole('button', { name: '+ Connect by URL' }).click();
  const form = page.getByRole('dialog', { name: 'New connection by URL' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('leaky-http');
  await form.getByRole('textbox', { name: 'URL', exact: true }).fill(`${servers.leaky.url}?api_key=${QUERY_SECRET}`);
  await form.getByRole('combobox', { name: 'Transport' }).selectOption('streamable');
  await form.getByRole('button', { name: '+ Add header' }).click();
  await form.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Custom');
  await form.getByRole('textbox', { name: 'Header 1 value' }).fill(HEADER_SECRET);
  await form.getByRole('button', { name: 'Save connection' }).click();
  await expect(form).toBeHidden();
  await lp.connect('leaky-http');
  await lp.expectPhase('ready');
  await lp.showTools();
  // The server repeats the URL and the X-Custom header it got in the tool's result.
  await lp.callTool('echo', { message: 'hello' });
  await expect(lp.tools.getByRole('region', { name: 'Call result' })).toContainText(HEADER_SECRET);

  await page.getByRole('tab', { name: 'Sequence' }).click();
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  await expect(diagram.getByRole('option', { name: /tools\/call result/ })).toHaveCount(1);
  const { svg, mermaid } = await exportBoth(page);
  for (const secret of [QUERY_SECRET, HEADER_SECRET]) {
    expect(svg, 'the SVG file').not.toContain(secret);
    expect(mermaid, 'the Mermaid text').not.toContain(secret);
  }
  expect(svg).toContain('«redacted:url:api_key»');
});
