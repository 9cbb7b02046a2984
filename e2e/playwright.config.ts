import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './fixtures/browser.ts';
import { prepareCameraClip } from './fixtures/camera.ts';
import { prepareQrKeys } from './fixtures/qr-keys.ts';

/**
 * Two real servers, built exactly as `npm start` runs them, each on a fresh data folder:
 * one with the demo content, one empty (for empty states). Debian's Chromium drives them; Playwright never
 * downloads a browser of its own.
 */
export const SEEDED_URL = 'http://127.0.0.1:3310';
export const EMPTY_URL = 'http://127.0.0.1:3311';
const run = `${process.pid}-${Date.now()}`;
export const qrKeysFile = prepareQrKeys();
const cameraClip = prepareCameraClip();

export const server = (options: { port: number; seed: boolean; env?: Record<string, string> }) => ({
  // Node runs the TypeScript sources itself (type stripping; decision 0064), as `npm start` does.
  command: `"${process.execPath}" apps/server/src/main.ts`,
  cwd: path.resolve(import.meta.dirname, '..'),
  url: `http://127.0.0.1:${options.port}/api/v1/health`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    NODE_ENV: 'test',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: path.join(os.tmpdir(), `mohar-e2e-${run}-${options.port}`),
    SEED_DEMO: String(options.seed),
    LOG_LEVEL: 'warn',
    // As behind a reverse proxy: set-up requests may say which client they stand for (fixtures/accounts.ts).
    TRUST_PROXY: 'true',
    // Notaries must turn on two-step verification before using their area (the journey tests that).
    MFA_REQUIRED_ROLES: 'notary',
    // Secure QR codes signed by this run's own test key verify here (fixtures/qr-keys.ts); never UIDAI's.
    UIDAI_QR_KEYS_FILE: qrKeysFile,
    // Journeys run at any hour: the 10:00–20:00 IST rule has its own service tests (refused in production).
    SERVICE_HOURS_ALWAYS_OPEN: 'true',
    // The test-only fixtures module (accounts, notaries and applications built directly; refused in production).
    E2E_FIXTURES: 'true',
    ...options.env,
  },
});

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // A cold browser's first signed-in screen on a busy 2-core machine can take most of 7 s.
  expect: { timeout: 10_000 },
  // npm test sets PLAYWRIGHT_JSON_OUTPUT_NAME to count results for CI's closing line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: SEEDED_URL,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${cameraClip}`],
    },
  },
  // The live-session journey has a configuration of its own (playwright.journey.config.ts): `npm test` runs it alone
  // after the rest, on two processes when PostgreSQL and Redis are there (scripts/test.ts, decisions 0044 and 0047).
  projects: [
    {
      name: 'chromium',
      testIgnore: /session\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [server({ port: 3310, seed: true }), server({ port: 3311, seed: false })],
});
