/**
 * The bundle `loupe tap` starts from: built when missing, rebuilt when a file it came from
 * changed, and never in the way (the tap falls back to tsx when it cannot be had).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshBuild, loadPrebuiltTap } from './tap-prebuilt.mjs';
import { tempDir } from './shared/run-cli';

describe('the prebuilt tap', () => {
  afterEach(() => {
    delete process.env.LOUPE_TAP_PREBUILT;
  });

  it('is built on first use, reused while its sources are unchanged, and rebuilt when one changed', async () => {
    const cache = path.join(tempDir(), 'cache');
    expect(freshBuild(cache)).toBeUndefined();
    const run = await loadPrebuiltTap(cache);
    expect(typeof run).toBe('function');
    const first = freshBuild(cache)!;
    expect(readFileSync(path.join(first, 'tap.mjs'), 'utf8')).toContain('no server command');
    // The recorder's worker is bundled beside the command, under the name the recorder starts.
    expect(readFileSync(path.join(first, 'tap-recorder-worker.mjs'), 'utf8')).toContain('parentPort');
    await loadPrebuiltTap(cache);
    expect(freshBuild(cache)).toBe(first);

    const manifestFile = path.join(cache, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    expect(Object.keys(manifest.inputs)).toEqual(expect.arrayContaining(['proxy/cli/tap.ts', 'proxy/tap/stdio-tap.ts', 'proxy/tap/tap-recorder-worker.ts']));
    manifest.inputs['proxy/tap/stdio-tap.ts'] = '0:0';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(freshBuild(cache)).toBeUndefined();
    await loadPrebuiltTap(cache);
    const second = freshBuild(cache);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  }, 60_000);

  it('steps aside when it cannot be built or is switched off, so the tap runs through tsx', async () => {
    const blocked = path.join(tempDir(), 'a-file');
    writeFileSync(blocked, '');
    expect(await loadPrebuiltTap(path.join(blocked, 'cache'))).toBeUndefined();
    process.env.LOUPE_TAP_PREBUILT = '0';
    expect(await loadPrebuiltTap(path.join(tempDir(), 'cache'))).toBeUndefined();
  }, 60_000);
});
