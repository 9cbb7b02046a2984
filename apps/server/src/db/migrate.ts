import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrateJobQueue } from '../platform/job-queue-schema.ts';
import type { DatabaseHandle } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the committed SQL migrations in order; already-applied ones are skipped by drizzle's journal. On
 * PostgreSQL, also creates or upgrades the job queue's schema (pg-boss).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config);
  else {
    await migrateNodePg(handle.db as unknown as NodePgDatabase, config);
    await migrateJobQueue(handle);
  }
}
