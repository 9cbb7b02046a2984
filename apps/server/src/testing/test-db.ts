import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, wrapPglite, wrapPostgres } from '../db/client.ts';
import { countPgliteQueries, countPostgresQueries, createQueryLog, type QueryLog } from './query-counter.ts';

export type TestDatabase = DatabaseHandle & { queries: QueryLog };

/**
 * A fresh, migrated database for one test file: a copy of the migrated PGlite snapshot, or (TEST_DB=postgres)
 * a new PostgreSQL database cloned from the migrated template. Closing it throws the copy away. `queries` counts
 * every statement sent to it (query-counter.ts).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const queries = createQueryLog();
  if (process.env.TEST_DB === 'postgres') return { ...(await createPostgresCopy(queries)), queries };
  const snapshot = await readFile(inject('pgliteSnapshotPath'));
  const client = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  // Wrapped first: the count then sees statements that go to PGlite as kept, named ones too.
  const handle = wrapPglite(client);
  countPgliteQueries(client, queries);
  return { ...handle, queries };
}

/**
 * A new PostgreSQL database cloned from the run's migrated template (TEST_DB=postgres), for a test that hands its URL
 * to a server process of its own; `drop` removes it (connections included).
 */
export async function copyPostgresTemplate(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required when TEST_DB=postgres');
  const name = `mohar_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function createPostgresCopy(queries: QueryLog): Promise<DatabaseHandle> {
  const copy = await copyPostgresTemplate();
  const pool = new pg.Pool({ connectionString: copy.url, max: 4 });
  countPostgresQueries(pool, queries);
  const handle = wrapPostgres(pool);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await copy.drop();
    },
  };
}
