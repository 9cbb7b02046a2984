import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { keepRowParsersPerStatement } from './pg-row-parsers.ts';
import { keepStatementsPrepared, type StatementRegistry } from './pglite-statements.ts';
import * as schema from './schema.ts';

/** One type for both drivers: services and repositories never know which engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool itself, which the job queue (pg-boss) shares. */
  pool?: pg.Pool;
  /** Throws when the database cannot answer. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

/** A PGlite database's registry of statements kept prepared (db/prepared.ts registers its texts there). */
export const pgliteStatements = new WeakMap<DbOrTx, StatementRegistry>();

/** Call before anything else wraps the client's `query` (see keepStatementsPrepared). */
export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  pgliteStatements.set(db, keepStatementsPrepared(client));
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function wrapPostgres(pool: pg.Pool): DatabaseHandle {
  // An idle pooled connection the server drops (restart, failover, a dropped test database) emits 'error' on the
  // pool; without a listener that would crash the process. The pool discards it and the next query reconnects.
  pool.on('error', () => {});
  keepRowParsersPerStatement();
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    driver: 'postgres',
    pool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * The embedded engine is one process with one connection, yet initdb writes PostgreSQL's server defaults
 * (shared_buffers 128 MB, 100 connections) and every page of that shared memory is resident in the WebAssembly
 * heap: about 300 MB of the server's idle RSS. A 16 MB buffer pool holds this database's hot rows many times over
 * (measured in the bench; decision 0019). Passed at every start, so existing data folders get it too.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'max_connections=5',
];

/** PostgreSQL when a URL is given, else the embedded PGlite database under DATA_DIR. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    return wrapPostgres(pool);
  }
  const dir = path.join(options.dataDir, 'pglite');
  // PGlite.create does not create missing parent folders.
  await mkdir(dir, { recursive: true });
  return wrapPglite(await PGlite.create(dir, { startParams: PGLITE_START_PARAMS }));
}
