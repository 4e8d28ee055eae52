/**
 * A real Loupe (`node bin/loupe.mjs start`) for the specs, started by the test kit's launcher: a
 * free port, a temporary config directory, the page from `out/` (built beforehand by the test
 * command).
 *
 * Loupe takes a second or more to start on a busy machine (most of it loading its modules), and
 * every spec file starts its own. So each worker keeps one Loupe without extra options started
 * ahead: a file that asks for one takes it, and the next is started while that file's tests run.
 * Each file still has a Loupe, a port and a config directory of its own; only the wait is gone.
 */
import { test } from '@playwright/test';
import { rmSync } from 'node:fs';
import { LOUPE_ROOT, launchLoupe, pageIsBuilt, type LaunchedLoupe } from '../../proxy/testkit/launch';

export const repoRoot = LOUPE_ROOT;

export type RunningLoupe = LaunchedLoupe;

const launch = (args: string[]) => launchLoupe({ args, startLimitMs: 120_000, label: 'e2e' });

/** This worker's Loupe started ahead for the next file that needs one without extra options. */
let spare: Promise<RunningLoupe> | undefined;
/** Started ahead and not taken yet: stopped when the worker exits. */
const untaken = new Set<RunningLoupe>();
/** Told to stop by stopInBackground and not gone yet. */
const stopping = new Set<RunningLoupe>();

function startSpare(): void {
  spare = launch([]).then((loupe) => {
    untaken.add(loupe);
    return loupe;
  });
  // A spare that failed to start is not reported here: the file that takes it starts its own.
  spare.catch(() => {});
}

process.once('exit', () => {
  // Only synchronous work runs here: stop() sends SIGTERM at once (the Loupe closes by itself).
  for (const loupe of untaken) void loupe.stop();
  for (const loupe of [...untaken, ...stopping]) rmSync(loupe.configDir, { recursive: true, force: true });
});

/**
 * Stops a file's Loupe without holding up the next file. Loupe ends its sessions as it would for a
 * person (each stdio server's stdin closed, up to two seconds to exit, then signals), which took a
 * file's last test seconds of waiting; nothing in the next file depends on it.
 */
export function stopInBackground(loupe: RunningLoupe | undefined): void {
  if (!loupe) return;
  stopping.add(loupe);
  void loupe.stop().finally(() => stopping.delete(loupe));
}

export async function startLoupe(extraArgs: string[] = []): Promise<RunningLoupe> {
  // The specs test the page as built; they never wait for a build of their own.
  if (!pageIsBuilt()) throw new Error('out/index.html is missing: build the page first (npm run build), or run npm test, which does.');
  if (extraArgs.length) return launch(extraArgs);
  const ahead = spare;
  spare = undefined;
  const loupe = (await ahead?.catch(() => undefined)) ?? (await launch([]));
  untaken.delete(loupe);
  startSpare();
  return loupe;
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
  test.afterAll(() => stopInBackground(running));
  return {
    get url() {
      return current().url;
    },
    get origin() {
      return current().origin;
    },
    get configDir() {
      return current().configDir;
    },
    output: () => current().output(),
    stop: () => current().stop(),
  };
}
