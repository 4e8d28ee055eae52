/**
 * A real Loupe (`node bin/loupe.mjs start`) for the specs, started by the test kit's launcher: a
 * free port, a temporary config directory, the page from `out/` (built beforehand by the test
 * command).
 */
import { test } from '@playwright/test';
import { LOUPE_ROOT, launchLoupe, pageIsBuilt, type LaunchedLoupe } from '../../proxy/testkit/launch';

export const repoRoot = LOUPE_ROOT;

export type RunningLoupe = LaunchedLoupe;

export async function startLoupe(extraArgs: string[] = []): Promise<RunningLoupe> {
  // The specs test the page as built; they never wait for a build of their own.
  if (!pageIsBuilt()) throw new Error('out/index.html is missing: build the page first (npm run build), or run npm test, which does.');
  return launchLoupe({ args: extraArgs, startLimitMs: 120_000, label: 'e2e' });
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
