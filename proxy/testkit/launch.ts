/**
 * Starts a Loupe of its own, for one test or one spec file: `loupe start --port 0` with a temporary
 * config directory, resolved with the URL it prints (which carries the launch's token), stopped
 * with SIGTERM (then SIGKILL) so the servers it started go with it. The test kit (`mcp-loupe/test`)
 * and Loupe's own end-to-end specs both start Loupe through here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root';

export const LOUPE_ROOT = PACKAGE_ROOT;
const URL_LINE = /Loupe is running at (http:\/\/\S+)/;

export interface LaunchOptions {
  /** More `loupe start` options (`--session-budget 2MiB`). */
  args?: string[];
  /** How long Loupe may take to print its URL: it starts in about a second, and the default
   *  leaves room for a busy machine. */
  startLimitMs?: number;
  /** Prefix of the errors, naming who started Loupe. */
  label?: string;
}

export interface LaunchedLoupe {
  url: string;
  origin: string;
  configDir: string;
  /** Everything the process printed so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export function pageIsBuilt(): boolean {
  return existsSync(path.join(LOUPE_ROOT, 'out', 'index.html'));
}

export async function launchLoupe(options: LaunchOptions = {}): Promise<LaunchedLoupe> {
  const { args = [], startLimitMs = 60_000, label = 'mcp-loupe/test' } = options;
  const configDir = await mkdtemp(path.join(tmpdir(), 'loupe-test-'));
  const argv = [path.join(LOUPE_ROOT, 'bin/loupe.mjs'), 'start', '--port', '0', '--config-dir', configDir, ...args];
  const child = spawn(process.execPath, argv, {
    cwd: LOUPE_ROOT,
    // The variable as well as the flag: a `loupe` that Loupe's servers run finds the same folder.
    env: { ...process.env, LOUPE_CONFIG_DIR: configDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    await stopChild(child);
    await rm(configDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${label}: Loupe did not print its URL within ${startLimitMs / 1000} s. Output:\n${output}`)),
        startLimitMs,
      );
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
        reject(new Error(`${label}: Loupe exited (code ${code}, signal ${signal}) before printing its URL. Output:\n${output}`));
      });
    });
    return { url, origin: new URL(url).origin, configDir, output: () => output, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
