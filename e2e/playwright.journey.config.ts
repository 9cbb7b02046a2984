import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CLUSTER, onCluster } from './fixtures/cluster-ports.ts';
import base, { qrKeysFile, server } from './playwright.config.ts';

/**
 * The live-session journey (e2e/tests/session.spec.ts): the longest test by far and the heaviest (three pages with
 * live video), run alone after the rest of the suite (scripts/test.ts, decision 0044).
 * With `E2E_JOURNEY_BACKEND=cluster` its back end is two server processes on PostgreSQL + Redis + S3 behind a
 * round-robin proxy (e2e/cluster.ts, decision 0047), and the journey also checks what crosses processes and a rolling
 * restart mid-call; otherwise one seeded server on the embedded database.
 */
const cluster = {
  command: 'node --import tsx e2e/cluster.ts',
  cwd: path.resolve(import.meta.dirname, '..'),
  url: `http://127.0.0.1:${CLUSTER.proxy}/api/v1/health`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // SIGTERM, so the set-up stops its processes, drops its database and empties its folders.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
  env: { UIDAI_QR_KEYS_FILE: qrKeysFile },
};

export default defineConfig({
  ...base,
  projects: [
    {
      name: 'journey',
      testMatch: /session\.spec\.ts$/,
      // Its retry's trace without the screencast: four pages with live video filmed frame by frame starved a busy
      // 2-core machine (assets took seconds to load) and the retry failed for that alone. DOM snapshots stay.
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: onCluster ? `http://127.0.0.1:${CLUSTER.proxy}` : base.use?.baseURL,
        trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: true },
      },
    },
  ],
  // The journey checks the recording's composed view, which the test servers otherwise leave alone (decision 0084).
  webServer: onCluster ? [cluster] : [server({ port: 3310, seed: true, env: { RECORDER_COMPOSE: 'true' } })],
});
