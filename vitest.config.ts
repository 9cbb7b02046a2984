import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './apps/web/vite-plugins/react-aliases.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const SERVER_SRC = 'apps/server/src';
const serverSetup = `./${SERVER_SRC}/testing/global-setup.ts`;

/**
 * The server's integration tests run on PostgreSQL when TEST_DATABASE_URL names one (the production engine, and
 * natively about twice as fast as PGlite's WebAssembly), else on embedded PGlite. Beside a PostgreSQL run, a second
 * pass runs on PGlite the files whose subject depends on the engine — transactions, row locks, `SKIP LOCKED`,
 * triggers, JSON and date handling — each marked by a `// @engine: <why>` line at its top, so both engines the
 * product runs on (PGlite for `npm start`, PostgreSQL in production) are held to those rules. In those files the tests
 * tagged `engine` are the ones `npm test` runs again on PGlite (decision 0056). Each pass migrates its own database in
 * its global set-up (decision 0015).
 */
export const ENGINE_MARK = /^\/\/ @engine: /m;

export function engineTestFiles(): string[] {
  return readdirSync(path.join(ROOT, SERVER_SRC), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.unit.test.ts'))
    .filter((file) => ENGINE_MARK.test(readFileSync(path.join(ROOT, SERVER_SRC, file), 'utf8')))
    .map((file) => `${SERVER_SRC}/${file.split(path.sep).join('/')}`)
    .sort();
}

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Server test files share their worker's loaded modules (`isolate: false`): each file still gets its own app on its
 * own fresh database (createTestApp), and loading the whole server once per worker instead of once per file halves
 * the run. The web project stays isolated: its i18n instance is module state shared by its tests.
 */
const serverTestOptions = {
  globalSetup: [serverSetup],
  isolate: false,
  // A hang guard, not a time limit: under the suite's load (three Vitest workers beside Playwright on two cores) seals and
  // route sweeps took 20–40 s.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // `engine` marks, inside a file marked `// @engine:`, the tests whose rule rests on the engine itself (locks,
    // triggers, concurrent writes, SQL dates): the PGlite pass of `npm test` runs only those (--tags-filter=engine).
    tags: [
      {
        name: 'engine',
        description: 'A rule that rests on the database engine: run on PGlite and PostgreSQL',
      },
    ],
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      {
        // The web app's aliases, React's included (Preact's compat, as in the build). Libraries that import React are
        // bundled through them rather than loaded by Node, which would hand them React itself.
        resolve: {
          alias: [
            { find: '@', replacement: fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
            ...reactOnPreact,
          ],
        },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          server: {
            deps: {
              inline: [
                /node_modules\/(preact|@mantine|@tanstack\/react-query|react-i18next|react-router|lucide-react|embla-carousel-react)\//,
              ],
            },
          },
        },
      },
      {
        test: {
          name: 'server',
          include: [`${SERVER_SRC}/**/*.test.ts`],
          env: { TEST_DB: withPostgres ? 'postgres' : 'pglite' },
          ...serverTestOptions,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-pglite',
                include: engineTestFiles(),
                env: { TEST_DB: 'pglite' },
                ...serverTestOptions,
              },
            },
          ]
        : []),
    ],
  },
});
