import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import { bigint, boolean, integer, json, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { keepRowParsersPerStatement } from './pg-row-parsers.ts';
import { preparedPerHandle } from './prepared.ts';

type FieldDescription = { name: string; dataTypeID: number; format: string };
type Result = { addFields: (fields: FieldDescription[]) => void; parseRow: (row: unknown[]) => unknown[] };
const Result = createRequire(import.meta.url)('pg/lib/result.js') as new (
  rowMode: string | undefined,
  types: object | undefined,
) => Result;

const INT4 = 23;
const TEXT = 25;
const field = (name: string, dataTypeID: number, format = 'text') => ({ name, dataTypeID, format });
// A statement's `types` as drizzle gives it: one object for the statement's life.
const statementTypes = () => ({ getTypeParser: pg.types.getTypeParser });

describe('row parsers kept per statement (pg)', () => {
  beforeAll(() => keepRowParsersPerStatement());

  it('parses every execution of a statement as pg would', () => {
    const types = statementTypes();
    for (let run = 0; run < 3; run++) {
      const result = new Result('array', types);
      result.addFields([field('n', INT4), field('s', TEXT)]);
      expect(result.parseRow(['42', 'x'])).toEqual([42, 'x']);
    }
  });

  it('parses a column with its new type when the statement answers with another type', () => {
    const types = statementTypes();
    const before = new Result('array', types);
    before.addFields([field('n', INT4)]);
    expect(before.parseRow(['7'])).toEqual([7]);
    const after = new Result('array', types);
    after.addFields([field('n', TEXT)]);
    expect(after.parseRow(['7'])).toEqual(['7']);
    const more = new Result('array', types);
    more.addFields([field('n', TEXT), field('m', INT4)]);
    expect(more.parseRow(['7', '8'])).toEqual(['7', 8]);
  });

  it('leaves object rows as pg makes them', () => {
    const types = statementTypes();
    for (let run = 0; run < 2; run++) {
      const result = new Result(undefined, types);
      result.addFields([field('n', INT4), field('s', TEXT)]);
      expect(result.parseRow(['42', 'x'])).toEqual({ n: 42, s: 'x' });
    }
  });
});

const things = pgTable('parsed_things', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  size: integer('size'),
  big: bigint('big', { mode: 'number' }),
  price: numeric('price'),
  isOn: boolean('is_on'),
  at: timestamp('at', { withTimezone: true }).notNull(),
  doc: json('doc'),
});
const ID = '00000000-0000-4000-8000-0000000000aa';
const byId = preparedPerHandle((db) =>
  db
    .select()
    .from(things)
    .where(eq(things.id, sql.placeholder('id')))
    .prepare('parsed_things_by_id'),
);

describe.skipIf(process.env.TEST_DB !== 'postgres')('a prepared read on PostgreSQL, executed again', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table parsed_things (id uuid primary key, name text not null,
      size integer, big bigint, price numeric, is_on boolean, at timestamptz not null, doc json)`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers with each column of the current row, typed as before, on every execution', async () => {
    const at = new Date('2026-11-28T10:00:00.123Z');
    await database.db.insert(things).values({
      id: ID,
      name: 'first',
      size: 3,
      big: 9_007_199_254,
      price: '12.50',
      isOn: true,
      at,
      doc: { a: [1, 'b'] },
    });
    const expected = {
      id: ID,
      name: 'first',
      size: 3,
      big: 9_007_199_254,
      price: '12.50',
      isOn: true,
      at,
      doc: { a: [1, 'b'] },
    };
    for (let run = 0; run < 4; run++) expect(await byId(database.db).execute({ id: ID })).toEqual([expected]);
    await database.db.update(things).set({ name: 'second', size: null, doc: null }).where(eq(things.id, ID));
    expect(await byId(database.db).execute({ id: ID })).toEqual([
      { ...expected, name: 'second', size: null, doc: null },
    ]);
  });
});
