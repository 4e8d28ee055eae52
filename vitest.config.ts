import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['lib/**/*.test.ts', 'proxy/**/*.test.ts', 'components/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // Most files wait on real processes (servers, the CLI) more than they compute: three forks keep
    // two cores busy where the default (cores - 1) left one idle.
    maxWorkers: Number(process.env.LOUPE_UNIT_WORKERS ?? 3),
    // bin/loupe.mjs runs dist/: built here when it is older than the sources.
    globalSetup: ['scripts/build/ensure-dist.ts'],
  },
});
