import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['lib/**/*.test.ts', 'proxy/**/*.test.ts', 'components/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // bin/loupe.mjs runs dist/: built here when it is older than the sources.
    globalSetup: ['scripts/build/ensure-dist.ts'],
  },
});
