import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applications, refundRequests, users } from '../../db/schema.ts';

export type RefundRow = typeof refundRequests.$inferSelect;

export async function latestRefund(db: DbOrTx, applicationId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.applicationId, applicationId))
    .orderBy(desc(refundRequests.requestedAt))
    .limit(1);
  return row;
}

export async function insertRefund(db: DbOrTx, row: typeof refundRequests.$inferInsert): Promise<RefundRow> {
  const [inserted] = await db.insert(refundRequests).values(row).returning();
  if (!inserted) throw new Error('refund insert returned nothing');
  return inserted;
}

export async function findRefund(db: DbOrTx, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id));
  return row;
}

export async function findRefundForUpdate(db: DbOrTx, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update');
  return row;
}

export async function updateRefund(
  db: DbOrTx,
  id: string,
  changes: Pick<
    Partial<typeof refundRequests.$inferInsert>,
    'status' | 'decisionReason' | 'decidedAt' | 'decidedBy'
  >,
): Promise<RefundRow | undefined> {
  const [row] = await db.update(refundRequests).set(changes).where(eq(refundRequests.id, id)).returning();
  return row;
}

/** Refunds with their application's title and the client's name and e-mail (the admin queue and the views). */
const withNames = (db: DbOrTx) =>
  db
    .select({ refund: refundRequests, title: applications.title, name: users.name, email: users.email })
    .from(refundRequests)
    .innerJoin(applications, eq(applications.id, refundRequests.applicationId))
    .innerJoin(users, eq(users.id, refundRequests.userId));

export async function findRefundWithNames(db: DbOrTx, id: string) {
  const [row] = await withNames(db).where(eq(refundRequests.id, id));
  return row;
}

/** The admin queue: waiting requests first, soonest due first; decided ones newest first. */
export async function listRefunds(
  db: DbOrTx,
  options: { status?: string; limit: number; offset: number; now: Date },
) {
  const where = options.status ? eq(refundRequests.status, options.status) : undefined;
  const rows = await withNames(db)
    .where(where)
    .orderBy(
      sql`case when ${refundRequests.status} = 'requested' then 0 else 1 end`,
      asc(sql`case when ${refundRequests.status} = 'requested' then ${refundRequests.dueAt} end`),
      desc(refundRequests.decidedAt),
      desc(refundRequests.requestedAt),
    )
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(refundRequests).where(where);
  const [overdue] = await db
    .select({ n: count() })
    .from(refundRequests)
    .where(and(eq(refundRequests.status, 'requested'), lt(refundRequests.dueAt, options.now)));
  return { rows, total: total?.n ?? 0, overdue: overdue?.n ?? 0 };
}
