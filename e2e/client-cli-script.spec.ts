/**
 * "Copy as loupe CLI script" for a request and for the whole session: the script the page shows
 * runs as it is in sh, on a PATH that holds node and nothing else, and records the same request;
 * it calls this Loupe as it was installed (here a checkout: its bin by absolute path), and it
 * never carries a secret (it says which values it redacted).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { ClientPanel } from './pages/ClientPanel';
import { loupePerFile, repoRoot } from './support/loupe';
import { LOUPE_BIN, nodeOnlyBin, runInBareShell } from '../proxy/cli/shared/run-cli';

const loupe = loupePerFile();
const EVERYTHING = path.join(repoRoot, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

/** Runs the script as a person would paste it, in sh with PATH = a folder holding only node; returns the recorded raw frames. */
async function runScript(text: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loupe-e2e-script-'));
  try {
    const bin = path.join(dir, 'bin');
    await mkdir(bin);
    nodeOnlyBin(bin);
    await writeFile(path.join(dir, 'repro.sh'), text);
    await runInBareShell(dir, 'repro.sh', bin);
    const trace = await readFile(path.join(dir, 'loupe-replay.ndjson'), 'utf8');
    return trace
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { raw?: string }).raw ?? '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a request and the whole session as a loupe CLI script: it runs in sh, with no secret in it', async ({ page }) => {
  test.setTimeout(120_000);
  const lp = new LoupePage(page);
  const client = new ClientPanel(page);
  const again = lp.detail.getByRole('group', { name: 'Send again' });
  await lp.open(loupe.url);
  await lp.addConnection({
    name: 'everything with a key',
    command: process.execPath,
    args: [EVERYTHING, 'stdio'],
    env: { API_KEY: 'sk-live-0123456789abcdef' },
  });
  await lp.connect('everything with a key');
  await lp.expectPhase('ready');
  await client.showTools();
  const message = `it's "quoted" $HOME \`id\``;
  await lp.callTool('echo', { message });

  await test.step('one request: the key is redacted and the dialog says so; the script records the same call', async () => {
    await lp.traffic.row('request', 'tools/call').click();
    await again.getByRole('button', { name: 'Copy as CLI' }).click();
    const dialog = page.getByRole('dialog', { name: 'tools/call as a loupe CLI script' });
    await expect(dialog.getByRole('status')).toContainText('1 value was redacted (env:API_KEY)');
    const text = await dialog.getByRole('textbox', { name: 'loupe CLI script' }).inputValue();
    expect(text).not.toContain('sk-live');
    expect(text).toContain("--env 'API_KEY=«redacted:env:API_KEY»'");
    // This Loupe, as it was installed (a checkout), not a bare `loupe` only a global install has.
    expect(text).toContain(`\nnode ${LOUPE_BIN} record `);
    const raws = await runScript(text);
    expect(raws.some((r) => r.includes('"method":"tools/call"') && r.includes(JSON.stringify(message)))).toBe(true);
    expect(raws.some((r) => r.includes(JSON.stringify(`Echo: ${message}`)))).toBe(true);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
  });

  await test.step('the session: every request the client sent, in order', async () => {
    await again.getByRole('button', { name: 'Session as CLI' }).click();
    const dialog = page.getByRole('dialog', { name: 'The session’s requests as a loupe CLI script' });
    const text = await dialog.getByRole('textbox', { name: 'loupe CLI script' }).inputValue();
    const json = text.split("<<'LOUPE_SCRIPT'\n")[1].split('\n')[0];
    const methods = (JSON.parse(json) as { method: string }[]).map((r) => r.method);
    // The offer listed on Connect (tools read again when the server said they changed), then the call.
    expect(new Set(methods.slice(0, -1))).toEqual(new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']));
    expect(methods.at(-1)).toBe('tools/call');
  });
});
