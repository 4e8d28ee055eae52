import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests',
  timeout: 60_000,
  // Each test starts its own Loupe and server; one worker keeps a small machine responsive.
  workers: 1,
  reporter: [['list']],
  use: {
    // A system Chromium when LOUPE_CHROMIUM names one; otherwise Playwright's own browser.
    launchOptions: process.env.LOUPE_CHROMIUM ? { executablePath: process.env.LOUPE_CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] } : {},
  },
});
