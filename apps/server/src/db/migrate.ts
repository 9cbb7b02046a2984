import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { migrateJobQueue } from '../platform/job-queue-schema.ts';
import type { DatabaseHandle } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * One key for every Mohar process on a PostgreSQL database (an advisory lock's number; any fixed value that nothing
 * else on the database uses).
 */
const MIGRATION_LOCK = 0x6d6f6861; // "moha"

/**
 * Applies the committed SQL migrations in order; already-applied ones are skipped by drizzle's journal. On PostgreSQL
 * several processes may start at once (two replicas, a rolling upgrade): drizzle reads the last applied migration
 * before its transaction, so two of them would both apply the same one and the second would fail on "already
 * exists". Each takes a session advisory lock first, on a connection of its own; the later ones wait, then find
 * nothing left to apply. The job queue's schema (pg-boss) is created or upgraded under the same lock, on the same
 * connection: a pool of one (a CLI's, a test template's) would otherwise wait for itself.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
    return;
  }
  const pool = (handle.db as unknown as NodePgDatabase & { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrateNodePg(drizzle(client), config);
      await migrateJobQueue(handle, {
        executeSql: (text: string, values?: unknown[]) => client.query(text, values),
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
