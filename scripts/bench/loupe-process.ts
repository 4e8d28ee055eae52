/**
 * Runs `loupe start` as its own process, as a person would (no page build needed for the
 * socket), with a throw-away config folder, and stops it with SIGTERM like Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './paths';

/**
 * `loupe start` arguments for a bench that holds a long live session in a page (a flood of 50,000
 * frames, a stream into 100,000): a session budget that keeps every frame in memory, as the default
 * did before it was lowered to bound the proxy's memory (frames past it are on disk, not streamed).
 */
export const LONG_LIVE_SESSIONS = ['--session-budget', '512MiB'];

export interface LoupeProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** With `configDir`, Loupe uses (and leaves) that folder: a tap writing there is followed live.
 *  `root` runs the Loupe of another checkout (a before/after comparison in one run); `args` go to `loupe start`. */
export async function startLoupe(sharedConfigDir?: string, root = ROOT, args: string[] = []): Promise<LoupeProcess> {
  const configDir = sharedConfigDir ?? mkdtempSync(path.join(tmpdir(), 'loupe-bench-'));
  // LOUPE_BENCH_PROXY_ARGS: Node options for the proxy alone (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
  // to profile it during a bench; NODE_OPTIONS refuses --cpu-prof, and would profile the bench too).
  const nodeArgs = process.env.LOUPE_BENCH_PROXY_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, path.join(root, 'bin/loupe.mjs'), 'start', '--port', '0', '--config-dir', configDir, ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // If the bench itself is stopped (Ctrl-C, a test runner's time limit), Loupe goes with it.
  const onSignal = (signal: NodeJS.Signals) => {
    child.kill('SIGTERM');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`loupe start printed no URL within 60 s:\n${stderr}`)), 60_000);
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/\S+\?token=\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`loupe start exited with code ${code} before printing its URL:\n${stderr}`)));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!sharedConfigDir) rmSync(configDir, { recursive: true, force: true });
    },
  };
}
