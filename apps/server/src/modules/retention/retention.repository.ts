import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { retentionFailures } from '../../db/schema.ts';

export type RetentionFailureRow = typeof retentionFailures.$inferSelect;

export async function insertFailure(db: DbOrTx, row: typeof retentionFailures.$inferInsert) {
  await db.insert(retentionFailures).values(row);
}

export async function countFailuresByDay(db: DbOrTx, from: Date) {
  const day = sql<string>`to_char(${retentionFailures.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  return db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(retentionFailures)
    .where(gte(retentionFailures.createdAt, from))
    .groupBy(day);
}

export async function listRecentFailures(db: DbOrTx, options: { from: Date; limit: number }) {
  return db
    .select()
    .from(retentionFailures)
    .where(gte(retentionFailures.createdAt, options.from))
    .orderBy(desc(retentionFailures.createdAt))
    .limit(options.limit);
}

/** Whether this record's purge already failed since `since` (it was recorded and alerted then). */
export async function hasFailedSince(db: DbOrTx, options: { recordId: string; since: Date }) {
  const [row] = await db
    .select({ id: retentionFailures.id })
    .from(retentionFailures)
    .where(
      and(eq(retentionFailures.recordId, options.recordId), gte(retentionFailures.createdAt, options.since)),
    )
    .limit(1);
  return Boolean(row);
}
