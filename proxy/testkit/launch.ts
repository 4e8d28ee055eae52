/**
 * Starts a Loupe of its own for one test: `loupe start --port 0` with a temporary config directory,
 * resolved with the URL it prints (which carries the launch's token), stopped with SIGTERM (then
 * SIGKILL) so the servers it started go with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOUPE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const URL_LINE = /Loupe is running at (http:\/\/\S+)/;
/** Long enough for a first run that builds the page; a built page starts in about a second. */
const START_LIMIT_MS = 300_000;

export interface LaunchedLoupe {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function launchLoupe(): Promise<LaunchedLoupe> {
  const configDir = await mkdtemp(path.join(tmpdir(), 'loupe-test-'));
  // A consumer's first run builds the page into Loupe's out/ (loupe start does that when it is missing).
  const built = existsSync(path.join(LOUPE_ROOT, 'out', 'index.html'));
  const args = [path.join(LOUPE_ROOT, 'bin/loupe.mjs'), 'start', '--port', '0', '--config-dir', configDir, ...(built ? ['--no-build'] : [])];
  const child = spawn(process.execPath, args, { cwd: LOUPE_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = async () => {
    await stopChild(child);
    await rm(configDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`loupe/test: Loupe did not print its URL within ${START_LIMIT_MS / 1000} s. Output:\n${output}`)), START_LIMIT_MS);
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
        reject(new Error(`loupe/test: Loupe exited (code ${code}, signal ${signal}) before printing its URL. Output:\n${output}`));
      });
    });
    return { url, output: () => output, stop };
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
