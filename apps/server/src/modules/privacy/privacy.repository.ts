import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consentRecords, dataRequests } from '../../db/schema.ts';

export type ConsentRow = typeof consentRecords.$inferSelect;
export type DataRequestRow = typeof dataRequests.$inferSelect;

export async function insertConsent(db: DbOrTx, row: typeof consentRecords.$inferInsert) {
  await db.insert(consentRecords).values(row);
}

export async function listConsentsOf(db: DbOrTx, userId: string): Promise<ConsentRow[]> {
  return db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id));
}

export async function countConsentsOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(consentRecords).where(eq(consentRecords.userId, userId));
  return row?.n ?? 0;
}

export async function insertRequest(db: DbOrTx, row: typeof dataRequests.$inferInsert) {
  const [inserted] = await db.insert(dataRequests).values(row).returning();
  if (!inserted) throw new Error('data request not inserted');
  return inserted;
}

export async function findPendingOf(db: DbOrTx, userId: string): Promise<DataRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.userId, userId), eq(dataRequests.status, 'pending')))
    .orderBy(desc(dataRequests.requestedAt))
    .limit(1);
  return row;
}

export async function findRequestForUpdate(db: DbOrTx, id: string): Promise<DataRequestRow | undefined> {
  const [row] = await db.select().from(dataRequests).where(eq(dataRequests.id, id)).for('update');
  return row;
}

export async function updateRequest(
  db: DbOrTx,
  id: string,
  changes: Partial<typeof dataRequests.$inferInsert>,
): Promise<DataRequestRow> {
  const [row] = await db.update(dataRequests).set(changes).where(eq(dataRequests.id, id)).returning();
  if (!row) throw new Error('data request not found');
  return row;
}

/** Withdrawals whose date has come, oldest first. */
export async function findDueWithdrawalIds(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: dataRequests.id })
    .from(dataRequests)
    .where(
      and(
        eq(dataRequests.status, 'pending'),
        eq(dataRequests.kind, 'withdrawal'),
        lte(dataRequests.effectiveAt, now),
      ),
    )
    .orderBy(asc(dataRequests.effectiveAt));
  return rows.map((r) => r.id);
}

export async function listRequests(
  db: DbOrTx,
  options: { status?: string; limit: number; offset: number },
): Promise<{ rows: DataRequestRow[]; total: number }> {
  const where = options.status ? eq(dataRequests.status, options.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dataRequests)
      .where(where)
      // Pending first (what needs someone), then the newest.
      .orderBy(sql`${dataRequests.status} = 'pending' desc`, desc(dataRequests.requestedAt))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(dataRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
