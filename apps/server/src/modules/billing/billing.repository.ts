import { and, count, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  organisationInvoiceCounters,
  organisationInvoices,
  organisationSubscriptions,
  organisationUsage,
  planVersions,
  users,
} from '../../db/schema.ts';

export type PlanVersionRow = typeof planVersions.$inferSelect;
export type SubscriptionRow = typeof organisationSubscriptions.$inferSelect;
export type InvoiceRow = typeof organisationInvoices.$inferSelect;

// ── Plans ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Every version of every plan, newest first, with the name of the admin who made it. */
export function listPlanVersions(db: DbOrTx) {
  return db
    .select({ row: planVersions, changedBy: users.name })
    .from(planVersions)
    .leftJoin(users, eq(users.id, planVersions.changedBy))
    .orderBy(desc(planVersions.createdAt), desc(planVersions.id));
}

export async function findLatestPlan(db: DbOrTx, code: string): Promise<PlanVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(planVersions)
    .where(eq(planVersions.code, code))
    .orderBy(desc(planVersions.createdAt))
    .limit(1);
  return row;
}

export async function findPlanVersion(db: DbOrTx, id: string): Promise<PlanVersionRow | undefined> {
  const [row] = await db.select().from(planVersions).where(eq(planVersions.id, id));
  return row;
}

export async function insertPlanVersion(db: DbOrTx, row: typeof planVersions.$inferInsert) {
  await db.insert(planVersions).values(row);
}

// ── Subscriptions ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The organisation's row, made at the first look with the trial from `trial` (nothing changes if it exists). */
export async function ensureSubscription(
  db: DbOrTx,
  organisationId: string,
  trial: { startedAt: Date; endsAt: Date },
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow> {
  await db
    .insert(organisationSubscriptions)
    .values({
      organisationId,
      status: 'trial',
      trialStartedAt: trial.startedAt,
      trialEndsAt: trial.endsAt,
    })
    .onConflictDoNothing();
  const query = db
    .select()
    .from(organisationSubscriptions)
    .where(eq(organisationSubscriptions.organisationId, organisationId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new Error(`subscription row of ${organisationId} missing`);
  return row;
}

export async function updateSubscription(
  db: DbOrTx,
  organisationId: string,
  set: Partial<typeof organisationSubscriptions.$inferInsert>,
) {
  await db
    .update(organisationSubscriptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(organisationSubscriptions.organisationId, organisationId));
}

export async function lockSubscription(db: DbOrTx, organisationId: string) {
  const [row] = await db
    .select()
    .from(organisationSubscriptions)
    .where(eq(organisationSubscriptions.organisationId, organisationId))
    .for('update');
  return row;
}

export async function findSubscriptionByProvider(db: DbOrTx, provider: string, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(organisationSubscriptions)
    .where(
      and(
        eq(organisationSubscriptions.provider, provider),
        eq(organisationSubscriptions.providerSubscriptionId, subscriptionId),
      ),
    )
    .for('update');
  return row;
}

/** Organisations on a paid plan that had started before `before`: the ones a month ending then is invoiced to. */
export function activeSubscriptionsStartedBefore(db: DbOrTx, before: Date) {
  return db
    .select({ organisationId: organisationSubscriptions.organisationId })
    .from(organisationSubscriptions)
    .where(
      and(
        eq(organisationSubscriptions.status, 'active'),
        isNotNull(organisationSubscriptions.planVersionId),
        lt(organisationSubscriptions.startedAt, before),
      ),
    );
}

// ── Usage ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export async function countUsage(
  db: DbOrTx,
  organisationId: string,
  where: { kind: 'trial' | 'plan'; month?: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organisationUsage)
    .where(
      and(
        eq(organisationUsage.organisationId, organisationId),
        eq(organisationUsage.kind, where.kind),
        where.month ? eq(organisationUsage.month, where.month) : sql`true`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function insertUsage(db: DbOrTx, row: typeof organisationUsage.$inferInsert) {
  await db.insert(organisationUsage).values(row);
}

// ── Invoices ───────────────────────────────────────────────────────────────────────────────────────────────────────

export async function findInvoiceOfMonth(db: DbOrTx, organisationId: string, month: string) {
  const [row] = await db
    .select({ id: organisationInvoices.id })
    .from(organisationInvoices)
    .where(
      and(eq(organisationInvoices.organisationId, organisationId), eq(organisationInvoices.month, month)),
    );
  return row;
}

export async function takeNextInvoiceNumber(tx: DbOrTx, financialYear: string): Promise<number> {
  const [counter] = await tx
    .insert(organisationInvoiceCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: organisationInvoiceCounters.financialYear,
      set: { lastNumber: sql`${organisationInvoiceCounters.lastNumber} + 1` },
    })
    .returning({ number: organisationInvoiceCounters.lastNumber });
  if (!counter) throw new Error('invoice counter returned nothing');
  return counter.number;
}

export async function insertInvoice(tx: DbOrTx, row: typeof organisationInvoices.$inferInsert) {
  const [invoice] = await tx.insert(organisationInvoices).values(row).returning();
  if (!invoice) throw new Error('invoice insert returned nothing');
  return invoice;
}

export function listInvoices(db: DbOrTx, organisationId: string) {
  return db
    .select()
    .from(organisationInvoices)
    .where(eq(organisationInvoices.organisationId, organisationId))
    .orderBy(desc(organisationInvoices.month));
}

export async function findInvoice(db: DbOrTx, organisationId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(organisationInvoices)
    .where(
      and(eq(organisationInvoices.organisationId, organisationId), eq(organisationInvoices.id, invoiceId)),
    );
  return row;
}
