import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { wrapPostgres } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `mohar_m_${randomBytes(6).toString('hex')}`;

afterAll(async () => {
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('migrations on PostgreSQL', () => {
  it('two processes starting at once on an empty database both start: one applies, the other waits and finds it done', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    // Two pools, as two server processes would have.
    const handles = [1, 2].map(() => wrapPostgres(new pg.Pool({ connectionString: url.toString(), max: 2 })));
    try {
      await Promise.all(handles.map((handle) => migrateDatabase(handle)));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query('select hash from drizzle.__drizzle_migrations');
      await check.end();
      // Each migration recorded once, not twice.
      expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(applied.rowCount);
      expect(applied.rowCount).toBeGreaterThan(0);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
