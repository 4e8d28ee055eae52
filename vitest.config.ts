import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend a minute or more mostly waiting on real processes (the official conformance
 * suite, scenario by scenario; the bench's smoke run). Vitest starts the files it has no past
 * durations for largest first, as on a clean clone, and these are small: started late, they ran on
 * alone for a minute after everything else had finished. Started first, they wait while the rest
 * uses the cores.
 */
const LONG_WAITS = ['proxy/cli/client-command/conformance.test.ts', 'scripts/bench/main.test.ts'];

class LongWaitsFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (f: TestSpecification) => LONG_WAITS.some((name) => f.moduleId.endsWith(`/${name}`));
    return [...sorted.filter(waits), ...sorted.filter((f) => !waits(f))];
  }
}

const NODE_TESTS = ['proxy/**/*.test.ts', 'scripts/**/*.test.ts'];

/**
 * The node files that change what a module or the process holds for everyone after them: a module
 * mock, a spy, fake timers, a stubbed global or environment variable, another working directory.
 * They keep a fresh module graph each (isolate); the rest share their worker's loaded modules, which
 * saves loading the proxy's modules anew for every file (two thirds of those files' CPU was the import).
 */
const CHANGES_SHARED_STATE =
  /\bvi\.(mock|doMock|spyOn|useFakeTimers|stubEnv|stubGlobal)\(|process\.env\.[A-Za-z_]+ =|process\.env\[[^\]]+\] =|process\.chdir\(/;

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts') && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.join(dir, f).split(path.sep).join('/'));
}

const isolatedNodeTests = ['proxy', 'scripts'].flatMap(testFilesUnder).filter((f) => CHANGES_SHARED_STATE.test(readFileSync(f, 'utf8')));

/** What both node projects share: the built CLI and a config folder of the tests' own. */
const nodeProject = {
  // bin/loupe.mjs runs dist/: built here when it is older than the sources.
  globalSetup: ['scripts/build/ensure-dist.ts'],
  // Commands that store their sessions (record, start) store them here, not in the home
  // folder of whoever runs the tests; a test that reads them gives its own --config-dir.
  env: { LOUPE_CONFIG_DIR: path.join(tmpdir(), `loupe-unit-config-${process.pid}`) },
};

export default defineConfig({
  test: {
    sequence: { sequencer: LongWaitsFirst },
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
        test: { ...nodeProject, name: 'node', include: NODE_TESTS, exclude: isolatedNodeTests, isolate: false },
      },
      {
        extends: true,
        test: { ...nodeProject, name: 'node-isolated', include: isolatedNodeTests },
      },
    ],
  },
});
