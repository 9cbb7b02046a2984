import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notaryAvailabilityEvents } from '../../db/schema.ts';

export type AvailabilityEventRow = typeof notaryAvailabilityEvents.$inferSelect;

/** Appends one change of availability; call in the transaction that changes the profile. */
export async function insertAvailabilityEvent(
  db: DbOrTx,
  row: Omit<typeof notaryAvailabilityEvents.$inferInsert, 'id' | 'createdAt'>,
) {
  await db.insert(notaryAvailabilityEvents).values(row);
}

/** The notary's newest changes first (ties by id, so the order is stable), and how many there are. */
export async function listAvailabilityEvents(db: DbOrTx, options: { notaryId: string; limit: number }) {
  const where = eq(notaryAvailabilityEvents.notaryId, options.notaryId);
  const [total] = await db.select({ n: count() }).from(notaryAvailabilityEvents).where(where);
  const rows = await db
    .select()
    .from(notaryAvailabilityEvents)
    .where(where)
    .orderBy(desc(notaryAvailabilityEvents.createdAt), desc(notaryAvailabilityEvents.id))
    .limit(options.limit);
  return { total: total?.n ?? 0, rows };
}
