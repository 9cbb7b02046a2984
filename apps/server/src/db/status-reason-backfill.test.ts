import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate.ts';

/** The migration that adds the codes and fills them in for the rows written before it (decision 0092). */
const BACKFILL = '0044_status_reason_codes';

type Db = { execute: (query: ReturnType<typeof sql>) => Promise<unknown> };
type Migrate = (folder: string) => Promise<void>;

/** A database of its own, empty: PGlite in memory, or a new PostgreSQL database (TEST_DB=postgres). */
async function emptyDatabase(): Promise<{ db: Db; migrate: Migrate; close: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !serverUrl) {
    const client = await PGlite.create();
    const db = drizzlePglite(client);
    return {
      db,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `mohar_b_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  const db = drizzleNodePg(pool);
  return {
    db,
    migrate: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The committed migrations up to (not including) `tag`: the database as it was before that release. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mohar-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const upTo = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(upTo).toBeGreaterThan(0);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  return folder;
}

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let before: string;
beforeAll(async () => {
  database = await emptyDatabase();
  before = await migrationsBefore(BACKFILL);
}, 120_000);
afterAll(async () => {
  await database?.close();
  if (before) await rm(before, { recursive: true, force: true });
});

const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => {
  const result = (await db.execute(query)) as
    | { rows?: Record<string, unknown>[] }
    | Record<string, unknown>[];
  return Array.isArray(result) ? result : (result.rows ?? []);
};

describe(`migration ${BACKFILL}`, () => {
  it('gives the server’s old English reasons their code and values; a person’s words keep none', async () => {
    const { db } = database;
    await database.migrate(before);
    const [owner] = await rowsOf(
      db,
      sql`insert into users (email, name, mobile, role, password_hash)
          values ('owner@example.in', 'Asha Rao', '9876543210', 'client', 'x') returning id`,
    );
    const [application] = await rowsOf(
      db,
      sql`insert into applications (owner_id) values (${owner?.id}) returning id`,
    );
    const declinedWords = 'Not commissioned for this act.\nAsk another notary.';
    // [to_status, actor_role, reason] as the server (and people) wrote them before this migration.
    const old: Array<[string, string, string]> = [
      ['waiting_for_notary', 'client', 'Start Notarization'],
      ['in_session', 'notary', 'A notary accepted the request'],
      ['ready', 'system', 'Every signatory has proved their identity'],
      ['draft', 'client', 'Reopened for editing before payment'],
      ['ready', 'system', 'No notary accepted within 15 minutes'],
      ['awaiting_identity', 'client', 'Paid; receipt MOH/2026-27/000042'],
      ['ready', 'notary', `The notary declined: ${declinedWords}`],
      ['notarised', 'notary', 'Sealed by the notary (verification code AB12-CD34)'],
      ['failed', 'system', 'Nobody was in the session for 10 minutes'],
      ['cancelled', 'system', 'Cancelled by Mohar: the account holder withdrew their consent.'],
      ['cancelled', 'system', 'Cancelled by Mohar: the account holder asked for their data to be erased.'],
      // People's own words: an owner's cancellation, an admin's and a notary's failure, one in a server's words.
      ['cancelled', 'client', 'Start Notarization'],
      ['failed', 'admin', 'Nobody was in the session for 10 minutes'],
      ['failed', 'notary', 'The call dropped twice.'],
    ];
    for (const [index, [to, role, reason]] of old.entries())
      await db.execute(
        sql`insert into application_events (application_id, actor_role, to_status, reason, created_at)
            values (${application?.id}, ${role}, ${to}, ${reason}, now() + make_interval(secs => ${index}))`,
      );

    await database.migrate(MIGRATIONS_FOLDER);

    const rows = await rowsOf(
      db,
      sql`select reason, reason_code, reason_params from application_events order by created_at`,
    );
    expect(rows.map((row) => [row.reason_code, row.reason_params])).toEqual([
      ['start_notarization', null],
      ['notary_accepted', null],
      ['identities_proved', null],
      ['reopened', null],
      ['no_notary', { minutes: '15' }],
      ['paid', { receipt: 'MOH/2026-27/000042' }],
      ['declined', { reason: declinedWords }],
      ['sealed', { code: 'AB12-CD34' }],
      ['abandoned', { minutes: '10' }],
      ['consent_withdrawn', null],
      ['erasure_asked', null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    // What was written stays as it was, and the trail is append-only again.
    expect(rows.map((row) => row.reason)).toEqual(old.map(([, , reason]) => reason));
    await expect(db.execute(sql`update application_events set reason = 'forged'`)).rejects.toMatchObject({
      cause: { message: expect.stringContaining('append-only') },
    });
  }, 120_000);
});
