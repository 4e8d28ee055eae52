import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    pool: 'forks',
    // Most files wait on real processes (servers, the CLI) more than they compute: three forks keep
    // two cores busy where the default (cores - 1) left one idle.
    maxWorkers: Number(process.env.LOUPE_UNIT_WORKERS ?? 3),
    projects: [
      {
        extends: true,
        test: {
          name: 'pure',
          include: ['lib/**/*.test.ts', 'components/**/*.test.ts'],
          // Pure code: no processes, sockets or timers left behind, and no module mocks. Files
          // share a worker and its loaded modules rather than each starting one afresh, which
          // was half of these files' CPU time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['proxy/**/*.test.ts', 'scripts/**/*.test.ts'],
          // bin/loupe.mjs runs dist/: built here when it is older than the sources.
          globalSetup: ['scripts/build/ensure-dist.ts'],
        },
      },
    ],
  },
});
