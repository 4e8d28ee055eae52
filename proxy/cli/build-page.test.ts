import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePageBuilt } from './build-page';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'loupe-build-'));
  await writeFile(path.join(root, 'package.json'), '{"name":"fixture","type":"module"}');
});
afterEach(async () => { await rm(root, { recursive: true, force: true }); });

/** A stand-in `next` CLI: the real build is too slow for a unit test; this checks the wiring. */
async function fakeNext(script: string): Promise<void> {
  const dir = path.join(root, 'node_modules', 'next');
  await mkdir(path.join(dir, 'dist', 'bin'), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{"name":"next"}');
  await writeFile(path.join(dir, 'dist', 'bin', 'next'), script);
}

describe('ensurePageBuilt', () => {
  it('does nothing when out/index.html exists', async () => {
    await mkdir(path.join(root, 'out'));
    await writeFile(path.join(root, 'out', 'index.html'), '');
    expect(await ensurePageBuilt(root)).toBeUndefined();
  });

  it('runs `next build` when the page is missing', async () => {
    await fakeNext(`const fs = require('fs'); if (process.argv[2] !== 'build') process.exit(9); fs.mkdirSync('out'); fs.writeFileSync('out/index.html', 'built');`);
    expect(await ensurePageBuilt(root)).toBeUndefined();
  });

  it('then makes the one-file viewer, as npm run build does', async () => {
    await fakeNext(`const fs = require('fs'); fs.mkdirSync('out'); fs.writeFileSync('out/index.html', 'built'); fs.writeFileSync('out/viewer.html', 'viewer');`);
    await mkdir(path.join(root, 'scripts'));
    await writeFile(path.join(root, 'scripts', 'build-viewer.mjs'), `import fs from 'node:fs'; fs.writeFileSync('out/loupe-viewer.html', 'one file');`);
    expect(await ensurePageBuilt(root)).toBeUndefined();
    expect(await readFile(path.join(root, 'out', 'loupe-viewer.html'), 'utf8')).toBe('one file');
  });

  it('makes a missing viewer from a page built earlier, and explains a failure', async () => {
    await mkdir(path.join(root, 'out'));
    await writeFile(path.join(root, 'out', 'index.html'), '');
    await writeFile(path.join(root, 'out', 'viewer.html'), '');
    await mkdir(path.join(root, 'scripts'));
    await writeFile(path.join(root, 'scripts', 'build-viewer.mjs'), 'process.exit(4)');
    expect(await ensurePageBuilt(root)).toMatch(/making the offline viewer failed \(scripts\/build-viewer.mjs exited with code 4\)/);
  });

  it('explains a failed build', async () => {
    await fakeNext('process.exit(3)');
    expect(await ensurePageBuilt(root)).toMatch(/^building the page failed \(next build exited with code 3\): see the output above/);
  });

  it('explains a missing Next.js', async () => {
    expect(await ensurePageBuilt(root)).toMatch(/cannot find Next.js.*npm install/);
  });
});
