/**
 * Finds the Chromium that the end-to-end tests and the page bench drive, in order:
 *  1. LOUPE_CHROMIUM, when set: it must name an executable file, else that is the error (a wrong
 *     path someone typed should never fall through to some other browser);
 *  2. Playwright's own browser (`npx playwright install chromium`), when it is installed;
 *  3. a system Chromium or Chrome on the PATH, then the macOS application bundles.
 * When none is found, the error is one line saying how to get one.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export type ChromiumSource = 'LOUPE_CHROMIUM' | 'Playwright' | 'PATH' | 'application';

export interface FoundChromium {
  path: string;
  source: ChromiumSource;
}

export interface ChromiumSearch {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** Where Playwright's own Chromium is (or would be) installed; undefined if it cannot say. */
  playwrightPath(): string | undefined;
  /** Application bundles to look in after the PATH (macOS). */
  applications: readonly string[];
}

/** The names system packages install Chromium and Chrome under. */
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'] as const;

export const MAC_APPLICATIONS = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  path.join(os.homedir(), 'Applications/Chromium.app/Contents/MacOS/Chromium'),
  path.join(os.homedir(), 'Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
];

export const HOW_TO_GET_ONE =
  "no Chromium or Chrome found: run `npx playwright install chromium`, or install your distribution's package (Debian: `apt-get install chromium`), or set LOUPE_CHROMIUM to a Chromium or Chrome executable";

export class ChromiumNotFound extends Error {}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(env: ChromiumSearch['env'], platform: NodeJS.Platform): string | undefined {
  const dirs = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : ':').filter(Boolean);
  const suffixes = platform === 'win32' ? ['.exe', ''] : [''];
  for (const name of PATH_NAMES) {
    for (const dir of dirs) {
      for (const suffix of suffixes) {
        const file = path.join(dir, name + suffix);
        if (isExecutableFile(file)) return file;
      }
    }
  }
  return undefined;
}

/** Throws ChromiumNotFound (its message one line) when there is none to use. */
export function findChromium(search: ChromiumSearch = defaultSearch()): FoundChromium {
  const chosen = search.env.LOUPE_CHROMIUM;
  if (chosen !== undefined && chosen !== '') {
    if (isExecutableFile(chosen)) return { path: chosen, source: 'LOUPE_CHROMIUM' };
    let exists = true;
    try {
      statSync(chosen);
    } catch {
      exists = false;
    }
    throw new ChromiumNotFound(
      `LOUPE_CHROMIUM is ${chosen}, which ${exists ? 'is not an executable file' : 'does not exist'}: point it at a Chromium or Chrome executable, or unset it to use Playwright's or the system's`,
    );
  }
  const playwright = search.playwrightPath();
  if (playwright && isExecutableFile(playwright)) return { path: playwright, source: 'Playwright' };
  const system = onPath(search.env, search.platform);
  if (system) return { path: system, source: 'PATH' };
  if (search.platform === 'darwin') {
    const app = search.applications.find(isExecutableFile);
    if (app) return { path: app, source: 'application' };
  }
  throw new ChromiumNotFound(HOW_TO_GET_ONE);
}

/** For entry points (the Playwright config, bench scripts): the browser, or one line and exit 1. */
export function findChromiumOrExit(): string {
  try {
    return findChromium().path;
  } catch (e) {
    if (!(e instanceof ChromiumNotFound)) throw e;
    process.stderr.write(`loupe: ${e.message}\n`);
    process.exit(1);
  }
}

function defaultSearch(): ChromiumSearch {
  return { env: process.env, platform: process.platform, playwrightPath: playwrightChromium, applications: MAC_APPLICATIONS };
}

/** Playwright's registry knows where its own Chromium goes; loaded lazily, since not every caller has it. */
function playwrightChromium(): string | undefined {
  try {
    // playwright-core's registry, as re-exported by @playwright/test (the declared dependency).
    const { chromium } = createRequire(import.meta.url)('@playwright/test') as typeof import('@playwright/test');
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
