import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, CHROMIUM_FLAGS } from './tests/chromium';

// Browser tests run against the production build served on loopback, in Debian's Chromium (never a
// Playwright browser download).
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    baseURL: BASE_URL,
    // A trace records a snapshot of the page before and after each action: around each navigation of the phone-width
    // sweep, in a Chromium trace, two evaluations of 88-232 ms. Recorded for every test and thrown away when it
    // passed, they made the browser tests half as long again (the mobile and axe sweeps' first shards, paired, 3
    // runs: 92 s with, 62 s without). CI retries a failed test once, with a trace; locally, `npx playwright test
    // --trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `npx docusaurus serve --host 127.0.0.1 --port ${PORT} --no-open`,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
