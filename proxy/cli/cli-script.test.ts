/**
 * The page's "Copy as loupe CLI script" runs as it is in a POSIX shell whose PATH holds node and
 * nothing else: against server-everything, with arguments full of quotes and shell syntax, it
 * records exactly the requests it was made from, whether Loupe runs from an install (its bin, by
 * absolute path) or from npx's cache (`npx --yes mcp-loupe@VERSION`).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliScript } from '../../lib/trace/cli-script';
import { LOUPE_VERSION } from '../../lib/version';
import { everythingServer } from '../sessions/test-support';
import { LOUPE_COMMAND, loupeCommandFor } from '../loupe-command';
import { nodeOnlyBin, runInBareShell, writeNpxStandIn } from './shared/run-cli';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const message = `it's "quoted" $HOME \`id\` $(echo no) \\ * ; done`;

/** Writes the script for `loupeCommand`, runs it in sh with PATH = `bin` alone, returns the recorded raw frames. */
async function runWith(loupeCommand: readonly string[], prepareBin: (bin: string) => void): Promise<string[]> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loupe-cli-script-'));
  const bin = path.join(dir, 'bin');
  await mkdir(bin);
  nodeOnlyBin(bin);
  prepareBin(bin);
  const { text } = cliScript({
    connection: { ...everythingServer(), env: { MOOD: "o'clock $PATH" } },
    protocolVersion: '2025-11-25',
    clientCapabilities: { roots: {} },
    timeoutMs: 20_000,
    requests: [
      { method: 'tools/call', params: { name: 'echo', arguments: { message } } },
      { method: 'tools/call', params: { name: 'get-env', arguments: {} } },
    ],
    loupeCommand,
  });
  await writeFile(path.join(dir, 'repro.sh'), text);
  await runInBareShell(dir, 'repro.sh', bin);
  const trace = await readFile(path.join(dir, 'loupe-replay.ndjson'), 'utf8');
  return trace
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { raw?: string })
    .map((f) => f.raw ?? '');
}

function expectRecorded(raws: string[]): void {
  expect(raws.some((r) => r.includes(JSON.stringify(`Echo: ${message}`)))).toBe(true);
  // The env value reached the server as written (get-env lists the server's environment).
  expect(raws.some((r) => r.includes('MOOD') && r.includes("o'clock $PATH"))).toBe(true);
}

describe('a copied CLI script on a PATH of node alone', () => {
  it('from an install: calls its bin by absolute path', async () => {
    expect(LOUPE_COMMAND).toEqual(['node', path.resolve('bin/loupe.mjs')]);
    expectRecorded(await runWith(LOUPE_COMMAND, () => undefined));
  }, 120_000);

  it('from npx’s cache: calls npx --yes for this version (npx sits beside node)', async () => {
    const fromNpx = loupeCommandFor('/home/u/.npm/_npx/4f1c2a/node_modules/mcp-loupe/bin/loupe.mjs', LOUPE_VERSION);
    expect(fromNpx).toEqual(['npx', '--yes', `mcp-loupe@${LOUPE_VERSION}`]);
    expectRecorded(await runWith(fromNpx, (bin) => writeNpxStandIn(bin, `mcp-loupe@${LOUPE_VERSION}`)));
  }, 120_000);
});
