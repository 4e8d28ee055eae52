import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChromiumNotFound, HOW_TO_GET_ONE, findChromium, type ChromiumSearch } from './find-chromium';
import { ROOT } from './bench/paths';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-chromium-'));
});

/** A file at `rel` under the temp dir; executable unless told otherwise. */
function file(rel: string, executable = true): string {
  const p = path.join(dir, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, '#!/bin/sh\n');
  chmodSync(p, executable ? 0o755 : 0o644);
  return p;
}

function search(over: Partial<ChromiumSearch> & { env?: ChromiumSearch['env'] } = {}): ChromiumSearch {
  return { env: {}, platform: 'linux', playwrightPath: () => undefined, applications: [], ...over };
}

function failure(s: ChromiumSearch): string {
  try {
    findChromium(s);
  } catch (e) {
    expect(e).toBeInstanceOf(ChromiumNotFound);
    return (e as Error).message;
  }
  throw new Error('expected no Chromium to be found');
}

describe('findChromium', () => {
  it("takes LOUPE_CHROMIUM first, over Playwright's browser and the PATH", () => {
    const chosen = file('mine/chrome');
    const playwright = file('pw/chrome');
    file('bin/chromium');
    expect(findChromium(search({ env: { LOUPE_CHROMIUM: chosen, PATH: path.join(dir, 'bin') }, playwrightPath: () => playwright }))).toEqual({
      path: chosen,
      source: 'LOUPE_CHROMIUM',
    });
  });

  it('fails on a LOUPE_CHROMIUM that is missing or not executable, naming it, rather than use another browser', () => {
    file('bin/chromium');
    const env = { PATH: path.join(dir, 'bin') };
    const missing = path.join(dir, 'nowhere/chrome');
    expect(failure(search({ env: { ...env, LOUPE_CHROMIUM: missing } }))).toMatch(
      new RegExp(`^LOUPE_CHROMIUM is ${missing}, which does not exist: .*unset it`),
    );
    const plain = file('plain/chrome', false);
    expect(failure(search({ env: { ...env, LOUPE_CHROMIUM: plain } }))).toContain(`LOUPE_CHROMIUM is ${plain}, which is not an executable file`);
    expect(failure(search({ env: { ...env, LOUPE_CHROMIUM: path.join(dir, 'bin') } }))).toContain('is not an executable file');
  });

  it('treats an empty LOUPE_CHROMIUM as unset', () => {
    const onPath = file('bin/chromium');
    expect(findChromium(search({ env: { LOUPE_CHROMIUM: '', PATH: path.join(dir, 'bin') } })).source).toBe('PATH');
    expect(findChromium(search({ env: { LOUPE_CHROMIUM: '', PATH: path.join(dir, 'bin') } })).path).toBe(onPath);
  });

  it("then Playwright's own browser, when that file exists", () => {
    const playwright = file('pw/chrome');
    file('bin/chromium');
    const env = { PATH: path.join(dir, 'bin') };
    expect(findChromium(search({ env, playwrightPath: () => playwright }))).toEqual({ path: playwright, source: 'Playwright' });
    // Playwright names where its browser would go even when it was never installed.
    expect(findChromium(search({ env, playwrightPath: () => path.join(dir, 'pw/not-installed') })).source).toBe('PATH');
  });

  it('then the PATH, by name in order (chromium, chromium-browser, google-chrome, google-chrome-stable), skipping what is not an executable file', () => {
    const stable = file('a/google-chrome-stable');
    const chrome = file('b/google-chrome');
    file('c/chromium', false);
    mkdirSync(path.join(dir, 'd/chromium-browser'), { recursive: true });
    const PATH = ['a', 'b', 'c', 'd'].map((d) => path.join(dir, d)).join(':');
    expect(findChromium(search({ env: { PATH } })).path).toBe(chrome);
    const browser = file('e/chromium-browser');
    expect(findChromium(search({ env: { PATH: `${PATH}:${path.join(dir, 'e')}` } })).path).toBe(browser);
    expect(findChromium(search({ env: { PATH: path.join(dir, 'a') } })).path).toBe(stable);
  });

  it('then the macOS application bundles, on macOS only', () => {
    const app = file('Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    const applications = [path.join(dir, 'Applications/Chromium.app/Contents/MacOS/Chromium'), app];
    expect(findChromium(search({ platform: 'darwin', applications }))).toEqual({ path: app, source: 'application' });
    expect(failure(search({ platform: 'linux', applications }))).toBe(HOW_TO_GET_ONE);
    const onPath = file('bin/chromium');
    expect(findChromium(search({ platform: 'darwin', applications, env: { PATH: path.dirname(onPath) } })).path).toBe(onPath);
  });

  it('says in one line how to get a browser when there is none', () => {
    const message = failure(search({ env: { PATH: path.join(dir, 'empty') }, playwrightPath: () => path.join(dir, 'pw/chrome') }));
    expect(message).toBe(HOW_TO_GET_ONE);
    expect(message).not.toContain('\n');
    for (const way of ['npx playwright install chromium', 'apt-get install chromium', 'LOUPE_CHROMIUM']) expect(message).toContain(way);
  });
});

describe('the Playwright config', () => {
  const listTests = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--list', 'e2e/no-such.spec.ts'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });

  it("stops at once with the finder's one line when there is no browser to run", () => {
    const missing = path.join(dir, 'nowhere/chrome');
    const wrong = listTests({ ...process.env, LOUPE_CHROMIUM: missing });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr.trim()).toBe(
      `loupe: LOUPE_CHROMIUM is ${missing}, which does not exist: point it at a Chromium or Chrome executable, or unset it to use Playwright's or the system's`,
    );
    // No variable, no Playwright browser (an empty browsers folder), an empty PATH.
    const none = listTests({ ...process.env, LOUPE_CHROMIUM: '', PLAYWRIGHT_BROWSERS_PATH: dir, PATH: path.join(dir, 'empty') });
    expect(none.status).toBe(1);
    expect(none.stderr.trim()).toBe(`loupe: ${HOW_TO_GET_ONE}`);
  }, 90_000);
});
