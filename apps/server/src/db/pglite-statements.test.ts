// @engine: PGlite's kept (named) statements; the PostgreSQL pass skips this file
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, json, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, pgliteStatements, wrapPglite } from './client.ts';
import { preparedPerHandle } from './prepared.ts';

const things = pgTable('kept_things', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  size: integer('size'),
  at: timestamp('at', { withTimezone: true }).notNull(),
  doc: json('doc'),
});
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

let client: PGlite;
let handle: DatabaseHandle;
const byId = preparedPerHandle((db) =>
  db
    .select()
    .from(things)
    .where(eq(things.id, sql.placeholder('id')))
    .prepare('kept_things_by_id'),
);
const read = async (id: string) => (await byId(handle.db).execute({ id }))[0];
const namedStatements = async () =>
  (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (row) => row.statement,
  );

describe.skipIf(process.env.TEST_DB === 'postgres')(
  'hot reads on PGlite as named statements',
  { tags: ['engine'] },
  () => {
    beforeAll(async () => {
      client = await PGlite.create({ loadDataDir: new Blob([await readFile(inject('pgliteSnapshotPath'))]) });
      handle = wrapPglite(client);
      await client.exec(`create table kept_things (id uuid primary key, name text not null, size integer,
      at timestamptz not null, doc json);
      insert into kept_things values ('${A}', 'first', 3, '2026-01-02T03:04:05.678Z', '{"k":[1,"x"]}'),
        ('${B}', 'second', null, '2026-02-03T00:00:00Z', null);`);
    });
    afterAll(() => handle?.close());

    it('answers as the plain statement does, sent as a named statement parsed once', async () => {
      const plain = await handle.db.select().from(things).where(eq(things.id, A));
      expect(await read(A)).toEqual(plain[0]);
      expect(await read(A)).toEqual({
        id: A,
        name: 'first',
        size: 3,
        at: new Date('2026-01-02T03:04:05.678Z'),
        doc: { k: [1, 'x'] },
      });
      expect(await read(B)).toMatchObject({ name: 'second', size: null, doc: null });
      expect(await read('00000000-0000-4000-8000-000000000000')).toBeUndefined();
      const named = (await namedStatements()).filter((text) => text.includes('kept_things'));
      expect(named).toHaveLength(1);
    });

    it('shows a change at the next read', async () => {
      await handle.db.update(things).set({ name: 'renamed', size: 4 }).where(eq(things.id, A));
      expect(await read(A)).toMatchObject({ name: 'renamed', size: 4 });
    });

    it('waits for an open transaction and then reads what it committed', async () => {
      let commit = () => {};
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let updated = () => {};
      const inside = new Promise<void>((resolve) => {
        updated = resolve;
      });
      const transaction = handle.db.transaction(async (tx) => {
        await tx.update(things).set({ name: 'in a transaction' }).where(eq(things.id, B));
        updated();
        await held;
      });
      await inside;
      const reading = read(B);
      commit();
      await transaction;
      expect(await reading).toMatchObject({ name: 'in a transaction' });
    });

    it('fails the call with a refused value alone; the next read answers', async () => {
      await expect(read('not-a-uuid')).rejects.toMatchObject({ cause: { code: '22P02' } });
      expect(await read(B)).toMatchObject({ id: B });
    });

    it('is prepared again when the table changes what it returns', async () => {
      const text = 'select * from kept_things where id = $1';
      pgliteStatements.get(handle.db)?.keep(text);
      expect((await client.query(text, [A])).rows).toEqual([expect.objectContaining({ size: 4 })]);
      await client.exec('alter table kept_things add column colour text');
      await client.exec(`update kept_things set colour = 'blue' where id = '${A}'`);
      expect((await client.query(text, [A])).rows).toEqual([expect.objectContaining({ colour: 'blue' })]);
    });
  },
);
