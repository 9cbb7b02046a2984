import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notaryRegisterCounters, notaryRegisterEntries } from '../../db/schema.ts';

export type NewRegisterEntry = Omit<typeof notaryRegisterEntries.$inferInsert, 'id' | 'serial' | 'createdAt'>;
export type EntryRow = typeof notaryRegisterEntries.$inferSelect;

/** The notary's next serial; the counter row stays locked by the UPDATE until the caller's transaction ends. */
export async function takeNextSerial(tx: DbOrTx, notaryId: string): Promise<number> {
  await tx.insert(notaryRegisterCounters).values({ notaryId, lastSerial: 0 }).onConflictDoNothing();
  const [counter] = await tx
    .update(notaryRegisterCounters)
    .set({ lastSerial: sql`${notaryRegisterCounters.lastSerial} + 1` })
    .where(eq(notaryRegisterCounters.notaryId, notaryId))
    .returning({ serial: notaryRegisterCounters.lastSerial });
  if (!counter) throw new Error('register counter missing');
  return counter.serial;
}

export async function insertEntry(tx: DbOrTx, entry: NewRegisterEntry & { serial: number }) {
  const [row] = await tx.insert(notaryRegisterEntries).values(entry).returning();
  if (!row) throw new Error('register insert returned nothing');
  return row;
}

/** A notary's entries in serial order, optionally within act dates and one page of them. */
export async function findEntries(
  db: DbOrTx,
  options: { notaryId: string; from?: string; to?: string; limit?: number; offset?: number },
) {
  const where = and(
    eq(notaryRegisterEntries.notaryId, options.notaryId),
    options.from ? gte(notaryRegisterEntries.actDate, options.from) : undefined,
    options.to ? lte(notaryRegisterEntries.actDate, options.to) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(notaryRegisterEntries).where(where);
  let query = db
    .select()
    .from(notaryRegisterEntries)
    .where(where)
    .orderBy(asc(notaryRegisterEntries.serial))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return { total: total?.n ?? 0, rows: await query };
}
