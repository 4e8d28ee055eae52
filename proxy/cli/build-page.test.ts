import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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

  it('explains a failed build', async () => {
    await fakeNext('process.exit(3)');
    expect(await ensurePageBuilt(root)).toMatch(/^building the page failed \(next build exited with code 3\): see the output above/);
  });

  it('explains a missing Next.js', async () => {
    expect(await ensurePageBuilt(root)).toMatch(/cannot find Next.js.*npm install/);
  });
});
