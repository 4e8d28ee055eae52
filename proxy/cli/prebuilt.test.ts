/**
 * The bundles `loupe start` and `loupe tap` run from: built when missing, rebuilt when a file they
 * came from changed, reaching the project's files from where the sources are, with stack traces
 * that name the TypeScript, and never in the way (the command falls back to tsx when it cannot
 * have one).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshBuild, hasPrebuilt, loadPrebuilt } from './prebuilt.mjs';
import { ROOT, tempDir } from './shared/run-cli';

const readBuilt = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('the prebuilt commands', () => {
  afterEach(() => {
    delete process.env.LOUPE_PREBUILT;
  });

  it('are built on first use, reused while their sources are unchanged, and rebuilt when one changed', async () => {
    const cache = path.join(tempDir(), 'cache');
    expect(freshBuild('tap', cache)).toBeUndefined();
    const run = await loadPrebuilt('tap', cache);
    expect(typeof run).toBe('function');
    const first = freshBuild('tap', cache)!;
    expect(readBuilt(first, 'tap.mjs')).toContain('no server command');
    // The recorder's worker is bundled beside the command, under the name the recorder starts.
    expect(readBuilt(first, 'tap-recorder-worker.mjs')).toContain('parentPort');
    await loadPrebuilt('tap', cache);
    expect(freshBuild('tap', cache)).toBe(first);

    const manifestFile = path.join(cache, 'tap', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    expect(Object.keys(manifest.inputs)).toEqual(expect.arrayContaining(['proxy/cli/tap.ts', 'proxy/tap/stdio-tap.ts', 'proxy/tap/tap-recorder-worker.ts']));
    manifest.inputs['proxy/tap/stdio-tap.ts'] = '0:0';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(freshBuild('tap', cache)).toBeUndefined();
    await loadPrebuilt('tap', cache);
    const second = freshBuild('tap', cache);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    // A checkout moved elsewhere keeps its stamps but not the paths its bundle names.
    writeFileSync(manifestFile, JSON.stringify({ ...JSON.parse(readFileSync(manifestFile, 'utf8')), root: '/elsewhere/' }));
    expect(freshBuild('tap', cache)).toBeUndefined();
  }, 60_000);

  it('has the dashboard reach the built page, the rule catalog and packages from the sources, not from the cache', async () => {
    const cache = path.join(tempDir(), 'cache');
    expect(typeof (await loadPrebuilt('start', cache))).toBe('function');
    const start = readBuilt(freshBuild('start', cache)!, 'start.mjs');
    // Each module's import.meta.url is its source file's: out/ (start.ts), lib/analyze/README.md
    // (rule-catalog.ts) and server-everything (builtin.ts, through createRequire).
    for (const source of ['proxy/cli/start.ts', 'proxy/server/rule-catalog.ts', 'proxy/config/builtin.ts']) {
      expect(start.includes(JSON.stringify(new URL(source, `file://${ROOT}/`).href)), source).toBe(true);
    }
    expect(start.includes('import.meta.url'), 'a module URL left to the bundle').toBe(false);
    // Nothing is wrapped to keep function names (tsx's keepNames): a cost on every call.
    expect(/__name\(/.test(start), 'keepNames wrappers').toBe(false);
  }, 60_000);

  it('start the tap\'s worker from the bundle and have `loupe tap install` name the bin of the sources', async () => {
    const cache = path.join(tempDir(), 'cache');
    await loadPrebuilt('tap', cache);
    const dir = freshBuild('tap', cache)!;
    const built = readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => readBuilt(dir, f)).join('\n');
    expect(built.includes('new URL("./tap-recorder-worker.mjs", import.meta.url)'), 'the worker beside the bundle').toBe(true);
    // bin/loupe.mjs, which the host's config is made to run, is found from tap-install.ts.
    expect(built.includes(JSON.stringify(new URL('proxy/cli/tap-install.ts', `file://${ROOT}/`).href)), 'tap-install.ts by its source URL').toBe(true);
  }, 60_000);

  it('throw errors whose stacks name the TypeScript sources', async () => {
    const cache = path.join(tempDir(), 'cache');
    // A run that throws inside the bundle (no argv at all), in a process of its own as bin/loupe.mjs runs it.
    const script = `const run = await (await import(${JSON.stringify(path.join(ROOT, 'proxy/cli/prebuilt.mjs'))})).loadPrebuilt('tap', ${JSON.stringify(cache)});
      try { await run(null); } catch (e) { console.log(e.stack); }`;
    const stack = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(stack).toMatch(/at run \(.*\/proxy\/cli\/tap\.ts:\d+:\d+\)/);
    expect(stack).not.toContain('.mjs:');
  }, 60_000);

  it('step aside when they cannot be built or are switched off, so the command runs through tsx', async () => {
    const blocked = path.join(tempDir(), 'a-file');
    writeFileSync(blocked, '');
    expect(await loadPrebuilt('tap', path.join(blocked, 'cache'))).toBeUndefined();
    process.env.LOUPE_PREBUILT = '0';
    expect(await loadPrebuilt('start', path.join(tempDir(), 'cache'))).toBeUndefined();
    delete process.env.LOUPE_PREBUILT;
    // Only these two commands have a bundle.
    expect(hasPrebuilt('start') && hasPrebuilt('tap')).toBe(true);
    expect(await loadPrebuilt('check', path.join(tempDir(), 'cache'))).toBeUndefined();
  }, 60_000);
});
