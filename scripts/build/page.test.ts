import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPage } from './page';
import { ROOT } from '../../proxy/cli/shared/run-cli';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'loupe-build-'));
  await writeFile(path.join(root, 'package.json'), '{"name":"fixture","type":"module"}');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A stand-in `next build` that writes the telemetry setting it was given where the page would be. */
const REPORTS_TELEMETRY = `const fs = require('fs'); fs.mkdirSync('out'); fs.writeFileSync('out/index.html', String(process.env.NEXT_TELEMETRY_DISABLED));`;

/** The environment of the caller: a user who never heard of the variable, or one who set it to 0. */
function callerEnv(value: string | undefined): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NEXT_TELEMETRY_DISABLED;
  if (value !== undefined) env.NEXT_TELEMETRY_DISABLED = value;
  return env;
}

/** A stand-in `next` CLI: the real build is too slow for a unit test; this checks the wiring. */
async function fakeNext(script: string): Promise<void> {
  const dir = path.join(root, 'node_modules', 'next');
  await mkdir(path.join(dir, 'dist', 'bin'), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{"name":"next"}');
  await writeFile(path.join(dir, 'dist', 'bin', 'next'), script);
}

describe('buildPage', () => {
  it('runs `next build`', async () => {
    await fakeNext(
      `const fs = require('fs'); if (process.argv[2] !== 'build') process.exit(9); fs.mkdirSync('out'); fs.writeFileSync('out/index.html', 'built');`,
    );
    expect(await buildPage(root)).toBeUndefined();
  });

  it('then makes the one-file viewer, as npm run build does', async () => {
    await fakeNext(
      `const fs = require('fs'); fs.mkdirSync('out'); fs.writeFileSync('out/index.html', 'built'); fs.writeFileSync('out/viewer.html', 'viewer');`,
    );
    await mkdir(path.join(root, 'scripts'));
    await writeFile(path.join(root, 'scripts', 'build-viewer.mjs'), `import fs from 'node:fs'; fs.writeFileSync('out/loupe-viewer.html', 'one file');`);
    expect(await buildPage(root)).toBeUndefined();
    expect(await readFile(path.join(root, 'out', 'loupe-viewer.html'), 'utf8')).toBe('one file');
  });

  it('explains a failed build', async () => {
    await fakeNext('process.exit(3)');
    expect(await buildPage(root)).toMatch(/^building the page failed \(next build exited with code 3\): see the output above/);
  });

  it('explains a missing Next.js', async () => {
    expect(await buildPage(root)).toMatch(/cannot find Next.js.*npm install/);
  });

  it("runs next build with Next.js telemetry off, whatever the caller's environment says", async () => {
    await fakeNext(REPORTS_TELEMETRY);
    const saved = process.env.NEXT_TELEMETRY_DISABLED;
    process.env.NEXT_TELEMETRY_DISABLED = '0';
    try {
      expect(await buildPage(root)).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.NEXT_TELEMETRY_DISABLED;
      else process.env.NEXT_TELEMETRY_DISABLED = saved;
    }
    expect(await readFile(path.join(root, 'out', 'index.html'), 'utf8')).toBe('1');
  });
});

describe('npm run build:page', () => {
  it('builds through the same code, with telemetry off', async () => {
    await fakeNext(REPORTS_TELEMETRY);
    // The package's real build script, run by npm in a package whose `next` is the stand-in.
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'fixture', type: 'module', scripts: { 'build:page': pkg.scripts['build:page'] } }));
    await symlink(path.join(ROOT, 'scripts'), path.join(root, 'scripts'));
    await mkdir(path.join(root, 'node_modules', '.bin'), { recursive: true });
    await symlink(path.join(ROOT, 'node_modules', '.bin', 'tsx'), path.join(root, 'node_modules', '.bin', 'tsx'));
    for (const value of [undefined, '0']) {
      await rm(path.join(root, 'out'), { recursive: true, force: true });
      await promisify(execFile)('npm', ['run', '--silent', 'build:page'], { cwd: root, env: callerEnv(value), timeout: 60_000 });
      expect(await readFile(path.join(root, 'out', 'index.html'), 'utf8'), `caller had ${value}`).toBe('1');
    }
  }, 90_000);

  it('CI exports it too, for anything else that builds', async () => {
    expect(await readFile(path.join(ROOT, '.ci', 'run'), 'utf8')).toMatch(/^export NEXT_TELEMETRY_DISABLED=1$/m);
  });
});
