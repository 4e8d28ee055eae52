/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) drives `loupe client`
 * through every client scenario it lists, the way an SDK's CI does:
 * `conformance client --command '<loupe> client …' --scenario NAME` starts the scenario's servers,
 * appends the server URL to the command, and checks what the client did. The suite needs Node 22,
 * which the `node` dev dependency provides without touching the system's Node.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { LOUPE_BIN, ROOT } from '../shared/run-cli';

const run = promisify(execFile);
const node22 = path.join(ROOT, 'node_modules/node/bin/node');
const suite = path.join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
// The suite's basic-cimd scenario expects this URL as the client's metadata document.
const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(LOUPE_BIN)} client --client-metadata-url https://conformance-test.local/client-metadata.json`;
const cwd = mkdtempSync(path.join(os.tmpdir(), 'loupe-conformance-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

async function clientScenarios(): Promise<string[]> {
  const { stdout } = await run(node22, [suite, 'list'], { cwd });
  const from = stdout.indexOf('Client scenarios');
  return [...stdout.slice(from).matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
}

const scenarios = await clientScenarios();

describe('the official conformance suite against loupe client', () => {
  it('lists the client scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(26);
    expect(scenarios).toContain('auth/metadata-default');
  });

  it.each(scenarios)(
    '%s passes',
    async (scenario) => {
      const result = await run(node22, [suite, 'client', '--command', command, '--scenario', scenario, '--timeout', '60000'], { cwd, timeout: 120_000 }).catch(
        (e: { stdout?: string; stderr?: string }) => e,
      );
      const out = `${result.stdout ?? ''}${result.stderr ?? ''}`;
      expect(out, out).toContain('OVERALL: PASSED');
      expect(out).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    },
    130_000,
  );
});
