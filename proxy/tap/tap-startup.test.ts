/**
 * What `loupe tap` loads before it starts the host's server: every module on that path holds up
 * the server's first byte, which a host waits for on each start. Schema libraries (zod, the SDK,
 * the JSON Schema validator) load in the recorder's thread, after the server is on its way.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOUPE_BIN, tempDir } from '../cli/shared/run-cli';

const PRELOAD = fileURLToPath(new URL('./testing/loaded-before-spawn.mjs', import.meta.url));

interface Spawned {
  command: string;
  loaded: string[];
}

async function loadedBeforeSpawn(): Promise<Spawned[]> {
  const configDir = tempDir();
  const log = path.join(configDir, 'loaded.ndjson');
  const child = spawn(
    process.execPath,
    ['--import', PRELOAD, LOUPE_BIN, 'tap', '--config-dir', configDir, '--', process.execPath, '-e', 'process.stdout.write("{}\\n")'],
    {
      env: { ...process.env, LOUPE_TEST_LOADED_LOG: log },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  child.stdout.resume();
  child.stdin.end();
  const code = await new Promise((resolve) => child.once('close', resolve));
  expect(code, stderr).toBe(0);
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Spawned);
}

describe('loupe tap, before it starts the server', () => {
  it('loads no package from node_modules: the server starts as soon as the tap can start it', async () => {
    const spawned = await loadedBeforeSpawn();
    expect(spawned[0].command).toBe(process.execPath);
    // The tap's own modules were seen (the preload works), and nothing installed beside them.
    expect(spawned[0].loaded.some((url) => /\/dist\/tap-[\w-]+\.mjs$|\/proxy\/tap\/stdio-tap\.ts$/.test(url))).toBe(true);
    expect(spawned[0].loaded.filter((url) => url.includes('/node_modules/'))).toEqual([]);
  });
});
