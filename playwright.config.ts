import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// End-to-end tests drive Debian's Chromium against a real server on a fresh PGlite database. Every spec
// makes its own people and tables (e2e/site.ts), so two workers run specs side by side; what changes the
// whole site (maintenance, the lobby's block) runs alone afterwards, in the "site-wide" project.
// The config is evaluated again in every worker process: choose the port and data folder once, in the
// runner, and hand them down through the environment that the workers inherit.
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tenger-e2e-'));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/artifacts/results',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two: the browser tests are ~390 s of CPU (browsers and server included); a third worker beside the server
  // suite pushed the load past 20 on two cores and the server suite's timing promises failed.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /site-wide\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'site-wide',
      testMatch: /site-wide\.spec\.ts/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    url: `${baseURL}/api/v1/user/maintenance`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      ADMIN_EMAIL: 'admin@tenger.test',
      PUBLIC_ORIGIN: baseURL,
      LOG_LEVEL: 'warn',
      // Bots think for a moment, not for a human's seconds: hands at bot tables come several times faster.
      BOT_PAUSE_MS: process.env.E2E_BOT_PAUSE_MS ?? '250-700',
      // Every browser and API client of the tests comes from 127.0.0.1: the per-address defences (connection
      // caps, an address shut out after 100 refusals a minute — the admin's login retries on 429 add up) would
      // close the tests' own connections (ECONNRESET). They are tested as attacks in the server suite.
      TCP_MAX_CONNECTIONS_PER_IP: '0',
      HTTP_MAX_REFUSALS_PER_IP: '0',
      // Both workers' people register and sign in from 127.0.0.1: 60 password checks a minute from one address
      // (the default) refused a profile's save with 429 while the other worker signed in.
      PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE: '1200',
      WS_MAX_CONNECTIONS_PER_IP: '100000',
      // The tests' API clients keep connections open between calls without a time limit of their own: a call
      // sent on a connection just as the server closed it idle came back ECONNRESET (account-mn, under load).
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '600000',
    },
  },
});
