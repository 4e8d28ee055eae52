/**
 * The page's "Copy as loupe CLI script" runs as it is in a POSIX shell: against server-everything,
 * with arguments full of quotes and shell syntax, it records exactly the requests it was made from.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { cliScript } from '../../lib/trace/cli-script';
import { everythingServer } from '../sessions/test-support';
import { writeNpxStandIn } from './shared/run-cli';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('runs in sh and records the same request, shell syntax in the arguments and all', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loupe-cli-script-'));
  // `npx --yes mcp-loupe` on the PATH runs this checkout's CLI.
  writeNpxStandIn(dir);
  const message = `it's "quoted" $HOME \`id\` $(echo no) \\ * ; done`;
  const { text } = cliScript({
    connection: { ...everythingServer(), env: { MOOD: "o'clock $PATH" } },
    protocolVersion: '2025-11-25',
    clientCapabilities: { roots: {} },
    timeoutMs: 20_000,
    requests: [
      { method: 'tools/call', params: { name: 'echo', arguments: { message } } },
      { method: 'tools/call', params: { name: 'get-env', arguments: {} } },
    ],
  });
  await writeFile(path.join(dir, 'repro.sh'), text);
  await new Promise<void>((resolve, reject) => {
    execFile('/bin/sh', ['repro.sh'], { cwd: dir, env: { ...process.env, PATH: `${dir}:${process.env.PATH}` }, timeout: 90_000 }, (e, _out, err) =>
      e ? reject(new Error(`${e.message}\n${err}`)) : resolve(),
    );
  });
  const trace = await readFile(path.join(dir, 'loupe-replay.ndjson'), 'utf8');
  const raws = trace
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { raw?: string })
    .map((f) => f.raw ?? '');
  expect(raws.some((r) => r.includes(JSON.stringify(`Echo: ${message}`)))).toBe(true);
  // The env value reached the server as written (get-env lists the server's environment).
  expect(raws.some((r) => r.includes('MOOD') && r.includes("o'clock $PATH"))).toBe(true);
}, 120_000);
