/**
 * The installed package's figures are printed beside their targets, and the tarball's contents are
 * judged by the same list the package test uses (the test itself packs and installs for real:
 * scripts/test-package.ts, run by `npm test`).
 */
import { describe, expect, it } from 'vitest';
import { median, renderPackageBench } from './package';
import { changedPaths, unexpectedFiles } from '../package-test/install';

describe('the installed package figures', () => {
  it('prints each beside its target, the timings as a median of their runs', () => {
    const text = renderPackageBench({
      tarballBytes: 1_250_000,
      tarballFiles: 132,
      installSeconds: 9.5,
      nodeModulesBytes: 41_800_000,
      startUrlMs: [900, 800, 2000, 700, 1000],
      tapFirstByteMs: [90, 100, 400, 80, 120],
      directFirstByteMs: [40, 50, 45, 60, 55],
      loadAverage: 0.5,
    });
    expect(text).toMatch(/tarball \(npm pack\) +1\.3 MB +132 files/);
    expect(text).toMatch(/node_modules +41\.8 MB +<= 60 MB \(met\)/);
    expect(text).toMatch(/time +9\.5 s +<= 15 s \(met\)/);
    expect(text).toMatch(/prints its URL, median +900 ms +runs 900, 800, 2000, 700, 1000 +<= 1500 ms \(met\)/);
    expect(text).toMatch(/after spawn, median +100 ms .* <= 150 ms \(met\)/);
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });

  it('finds sources, tests and configs in a tarball, and writes into an install', () => {
    const files = [
      'package.json',
      'bin/loupe.mjs',
      'dist/cli.mjs',
      'dist/cli.mjs.map',
      'out/index.html',
      'test/index.mjs',
      'test/index.d.ts',
      'lib/analyze/README.md',
      'proxy/cli/start.ts',
      'e2e/tap.spec.ts',
      'vitest.config.ts',
      'dist/sub/x.mjs',
    ];
    expect(unexpectedFiles({ file: 'x.tgz', size: 1, unpackedSize: 1, files })).toEqual([
      'proxy/cli/start.ts',
      'e2e/tap.spec.ts',
      'vitest.config.ts',
      'dist/sub/x.mjs',
    ]);
    const before = new Map([
      ['a', '1 1'],
      ['b', '2 2'],
    ]);
    expect(
      changedPaths(
        before,
        new Map([
          ['a', '1 5'],
          ['c', '3 3'],
        ]),
      ),
    ).toEqual(['modified a', 'removed b', 'added c']);
  });
});
