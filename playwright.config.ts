import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium-args';
import { findChromiumOrExit } from './scripts/find-chromium';

// Each spec file starts its own Loupe (e2e/support/loupe.ts) on a free port with a temporary config
// directory, so no webServer block is needed and parallel runs never share state. `npm test`
// builds the page (and the CLI in dist/) first.
const retries = Number(process.env.LOUPE_E2E_RETRIES ?? 0);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  // The screenshots for docs/ are taken on demand (npm run screenshots), not in every test run.
  testIgnore: process.env.LOUPE_SCREENSHOTS ? [] : ['screenshots.spec.ts'],
  outputDir: 'test-results',
  // One worker more than the cores (at most eight): each file has its own Loupe, servers and page,
  // so files never share state, and a test spends part of its time waiting on them, not computing.
  // With one a core the two cores here stood idle 17 % of the run (350 s); with three workers, 7 %
  // (307 s). Four went a little faster again (280 s) but more tests then raced the page's own
  // updates. A test that needs the machine to itself says so with test.describe.configure.
  workers: Number(process.env.LOUPE_E2E_WORKERS ?? Math.min(8, availableParallelism() + 1)),
  fullyParallel: false,
  timeout: 60_000,
  // CI (.ci/run) allows one retry: a test that passes only on its retry is listed as flaky in the
  // summary, to be fixed, without keeping a green change from landing. Locally a failure is final.
  retries,
  expect: { timeout: 10_000 },
  // CI names a JSON report file (PLAYWRIGHT_JSON_OUTPUT_FILE); the list stays for people reading the log.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    // Recording a trace costs every test about a fifth of its time (screencast and snapshots) and
    // is thrown away when it passes; with a retry (CI), only the retry of a failed test records.
    trace: retries > 0 ? 'on-first-retry' : 'retain-on-failure',
    viewport: { width: 1400, height: 850 },
    launchOptions: {
      // LOUPE_CHROMIUM, Playwright's own browser, or a system one (scripts/find-chromium.ts).
      executablePath: findChromiumOrExit(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
