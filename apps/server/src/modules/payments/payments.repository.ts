import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments, receipts, refundRequests, users } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;
export type RefundRow = typeof refundRequests.$inferSelect;

export async function insertPayment(db: DbOrTx, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [inserted] = await db.insert(payments).values(row).returning();
  if (!inserted) throw new Error('payment insert returned nothing');
  return inserted;
}

export async function updatePayment(db: DbOrTx, id: string, changes: Partial<typeof payments.$inferInsert>) {
  const [updated] = await db
    .update(payments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  if (!updated) throw new Error(`payment ${id} vanished`);
  return updated;
}

export async function findPaymentByOrder(db: DbOrTx, provider: string, orderId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, orderId)));
  return row;
}

export async function findPaymentForUpdate(db: DbOrTx, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function findPayment(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ payment: payments, receipt: receipts })
    .from(payments)
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(eq(payments.id, id));
  return row;
}

/** Open gateway orders of an application other than `exceptId`, locked: they are superseded when another wins. */
export async function openPaymentsForUpdate(db: DbOrTx, applicationId: string, exceptId?: string) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.applicationId, applicationId),
        eq(payments.status, 'created'),
        exceptId ? ne(payments.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .for('update');
}

export async function listPayments(db: DbOrTx, applicationId: string) {
  return db
    .select({ payment: payments, receipt: receipts })
    .from(payments)
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(eq(payments.applicationId, applicationId))
    .orderBy(desc(payments.createdAt));
}

/** What was paid for an application and what of it has been refunded (approved refunds). */
export async function moneyFor(db: DbOrTx, applicationId: string) {
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amountPaise}), 0)` })
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), eq(payments.status, 'paid')));
  const [refunded] = await db
    .select({ total: sql<string>`coalesce(sum(${refundRequests.amountPaise}), 0)` })
    .from(refundRequests)
    .where(and(eq(refundRequests.applicationId, applicationId), eq(refundRequests.status, 'approved')));
  return { paidPaise: Number(paid?.total ?? 0), refundedPaise: Number(refunded?.total ?? 0) };
}

export async function findUser(db: DbOrTx, id: string) {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return row;
}

export async function activeAdminEmails(db: DbOrTx) {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
  return rows.map((r) => r.email);
}

export async function latestRefund(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.applicationId, applicationId))
    .orderBy(desc(refundRequests.requestedAt))
    .limit(1);
  return row;
}

export async function paymentsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.id, ids));
}
