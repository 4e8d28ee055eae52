/**
 * Starts a real Loupe (`node bin/loupe.mjs start`) for one spec file: a free port, a temporary
 * config directory, the page from `out/` (built beforehand by the test command). Resolves with the
 * URL it printed, and stops it (SIGTERM, then SIGKILL) when the file is done.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningLoupe {
  url: string;
  origin: string;
  configDir: string;
  /** Everything the process printed so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

const URL_LINE = /Loupe is running at (http:\/\/\S+)/;

/** `connections`: saved connections to start with (options the page cannot set yet, such as the era). */
export async function startLoupe(extraArgs: string[] = [], seed: { connections?: object[] } = {}): Promise<RunningLoupe> {
  if (!existsSync(path.join(repoRoot, 'out', 'index.html'))) {
    throw new Error('out/index.html is missing: build the page first (npm run build), or run npm test, which does.');
  }
  const configDir = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-'));
  if (seed.connections) await writeFile(path.join(configDir, 'connections.json'), JSON.stringify({ version: 1, connections: seed.connections }));
  const child = spawn(process.execPath, ['bin/loupe.mjs', 'start', '--port', '0', '--no-build', ...extraArgs], {
    cwd: repoRoot,
    env: { ...process.env, LOUPE_CONFIG_DIR: configDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Loupe did not print its URL within 30 s. Output:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = URL_LINE.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Loupe exited (code ${code}, signal ${signal}) before printing its URL. Output:\n${output}`));
    });
  });
  return {
    url,
    origin: new URL(url).origin,
    configDir,
    output: () => output,
    stop: async () => {
      await stopChild(child);
      await rm(configDir, { recursive: true, force: true });
    },
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** True while a process with this pid exists (signal 0 only checks). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One Loupe for a whole spec file: started before its first test and stopped after its last. The
 * object reads through to the running instance, so tests use it as a RunningLoupe.
 */
export function loupePerFile(extraArgs: string[] = []): RunningLoupe {
  let running: RunningLoupe | undefined;
  const current = () => {
    if (!running) throw new Error('Loupe is not running yet: use it inside a test or a hook, not at the top of the file.');
    return running;
  };
  test.beforeAll(async () => {
    running = await startLoupe(extraArgs);
  });
  test.afterAll(async () => {
    await running?.stop();
  });
  return {
    get url() { return current().url; },
    get origin() { return current().origin; },
    get configDir() { return current().configDir; },
    output: () => current().output(),
    stop: () => current().stop(),
  };
}
