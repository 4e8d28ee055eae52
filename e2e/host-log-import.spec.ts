/**
 * What a host already logged, opened in the page: Claude Desktop's mcp-server-NAME.log and VS
 * Code's MCP output channel, picked as a trace file, read as the host's session with the
 * directions the log named.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, repoRoot } from './support/loupe';

const loupe = loupePerFile();
const log = (name: string) => path.join(repoRoot, 'e2e/fixtures/host-logs', name);

for (const [host, file] of [
  ['Claude Desktop', 'mcp-server-weather.log'],
  ['VS Code', 'vscode-mcp-output.log'],
] as const) {
  test(`a ${host} log opened in the page reads as the host's session`, async ({ page }) => {
    const lp = new LoupePage(page);
    await lp.open(loupe.url);
    await lp.sidebar.getByLabel('Trace file', { exact: true }).setInputFiles(log(file));
    const init = await lp.traffic.expectRow('request', 'initialize');
    expect(init.dir).toMatch(/client/);
    const reply = await lp.traffic.expectRow('response', 'initialize');
    expect(reply.dir).toMatch(/server/);
  });
}
