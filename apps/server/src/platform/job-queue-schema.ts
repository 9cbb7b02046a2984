import type { Db } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { loadPgBoss } from './lazy-libraries.ts';
import { poolDb } from './pg-boss-jobs.ts';

/**
 * pg-boss's tables (schema `pgboss`), created or upgraded with the migrations, so that a fresh PostgreSQL database
 * works and the server itself never changes a schema. pg-boss migrates under its own advisory lock: processes that
 * prepare at once wait for each other. Nothing is started: no worker, no maintenance, no schedule. The embedded
 * PGlite runs its jobs in process and gets no such schema. `db` is where its statements go: the migrations' own
 * connection, which holds their advisory lock (pg-boss's first `create schema` is not safe against another process
 * doing the same at once), else the pool.
 */
export async function migrateJobQueue(handle: DatabaseHandle, db?: Db): Promise<void> {
  if (!handle.pool) return;
  const Boss = await loadPgBoss();
  const boss = new Boss({ db: db ?? poolDb(handle.pool), migrate: true, supervise: false, schedule: false });
  let failure: unknown = null;
  boss.on('error', (error) => {
    failure = error;
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  if (failure) throw failure;
}
