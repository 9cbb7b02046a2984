import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Integration tests run on embedded PGlite always, and again on a real PostgreSQL server when TEST_DATABASE_URL is set.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const serverSetup = './apps/server/src/testing/global-setup.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: [serverSetup],
          env: { TEST_DB: 'pglite' },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/src/**/*.test.ts'],
                exclude: ['**/*.unit.test.ts'],
                globalSetup: [serverSetup],
                env: { TEST_DB: 'postgres' },
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
