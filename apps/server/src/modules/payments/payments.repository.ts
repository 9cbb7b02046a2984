import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  idempotencyKeys,
  ledgerEntries,
  paymentEvents,
  payments,
  receiptCounters,
  receipts,
  refundRequests,
} from '../../db/schema.ts';

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
/** What was paid for an application and what of it was refunded, in one statement (one snapshot). */
export async function moneyFor(db: DbOrTx, applicationId: string) {
  const refunded = db
    .select({ total: sql<string>`coalesce(sum(${refundRequests.amountPaise}), 0)` })
    .from(refundRequests)
    .where(and(eq(refundRequests.applicationId, applicationId), eq(refundRequests.status, 'approved')));
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${payments.amountPaise}), 0)`,
      refunded: sql<string>`(${refunded})`,
    })
    .from(payments)
    // A notarisation counted against an organisation's plan or trial took no money (decision 0073): nothing of it
    // can come back as money in a wallet.
    .where(
      and(
        eq(payments.applicationId, applicationId),
        eq(payments.status, 'paid'),
        ne(payments.provider, 'plan'),
      ),
    );
  return { paidPaise: Number(row?.paid ?? 0), refundedPaise: Number(row?.refunded ?? 0) };
}

export async function findLatestReceiptSerial(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select({ serial: receipts.serial })
    .from(receipts)
    .where(eq(receipts.applicationId, applicationId))
    .orderBy(desc(receipts.issuedAt))
    .limit(1);
  return row?.serial;
}

export async function paymentsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.id, ids));
}

export async function countPaymentsOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(sql`${payments.userId} = ${userId}`);
  return row?.n ?? 0;
}

/** The financial year's next receipt number; the counter row stays locked by the upsert until commit. */
export async function takeNextReceiptNumber(tx: DbOrTx, financialYear: string): Promise<number> {
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.financialYear,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ number: receiptCounters.lastNumber });
  if (!counter) throw new Error('receipt counter returned nothing');
  return counter.number;
}

export async function insertReceipt(tx: DbOrTx, row: typeof receipts.$inferInsert): Promise<ReceiptRow> {
  const [receipt] = await tx.insert(receipts).values(row).returning();
  if (!receipt) throw new Error('receipt insert returned nothing');
  return receipt;
}

export async function findIdempotencyKey(db: DbOrTx, options: { userId: string; key: string }) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, options.userId), eq(idempotencyKeys.key, options.key)));
  return row;
}

/** False when a concurrent request stored the same key first. */
export async function insertIdempotencyKey(
  tx: DbOrTx,
  row: typeof idempotencyKeys.$inferInsert,
): Promise<boolean> {
  const stored = await tx
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return stored.length > 0;
}

export async function hasPaymentEvent(db: DbOrTx, options: { provider: string; eventId: string }) {
  const [seen] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, options.provider), eq(paymentEvents.eventId, options.eventId)));
  return Boolean(seen);
}

export async function insertPaymentEvent(db: DbOrTx, row: typeof paymentEvents.$inferInsert) {
  await db.insert(paymentEvents).values(row).onConflictDoNothing();
}

/** Payments captured in [from, to): revenue, application by application. */
export async function findPaidBetween(db: DbOrTx, options: { from: Date; to: Date }) {
  return db
    .select({ applicationId: payments.applicationId, amountPaise: payments.amountPaise })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'paid'),
        sql`${payments.paidAt} >= ${options.from}`,
        sql`${payments.paidAt} < ${options.to}`,
      ),
    );
}

/** What a person's money left behind (issue 26: kept under legal hold when their account closes). */
export async function countHeldRecordsOf(db: DbOrTx, userId: string) {
  const [paid] = await db.select({ n: count() }).from(payments).where(eq(payments.userId, userId));
  const [receipted] = await db
    .select({ n: count() })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .where(eq(payments.userId, userId));
  const [lines] = await db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  return { payments: paid?.n ?? 0, receipts: receipted?.n ?? 0, ledgerEntries: lines?.n ?? 0 };
}
