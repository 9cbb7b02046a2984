import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/** Inserts a pending address unless it is already there; the new row, or nothing when the address was known. */
export async function insertPendingOnce(
  db: DbOrTx,
  options: { email: string; confirmTokenHash: string },
): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ ...options, confirmSentAt: new Date() })
    // The only unique keys besides the id are lower(email) and the token: a conflict means "already known".
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findByEmailForUpdate(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .for('update');
  return row;
}

export async function findByConfirmHash(db: DbOrTx, confirmTokenHash: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, confirmTokenHash));
  return row;
}

export async function findById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  return row;
}

export async function updateSubscriber(
  db: DbOrTx,
  options: {
    id: string;
    set: Partial<
      Pick<SubscriberRow, 'confirmTokenHash' | 'confirmSentAt' | 'confirmedAt' | 'unsubscribedAt'>
    >;
  },
) {
  await db.update(newsletterSubscribers).set(options.set).where(eq(newsletterSubscribers.id, options.id));
}

export type SubscriberFilter = {
  status?: 'pending' | 'confirmed' | 'unsubscribed';
  /** Free text, already escaped for LIKE. */
  pattern?: string;
};

function whereOf(filter: SubscriberFilter): SQL | undefined {
  const t = newsletterSubscribers;
  return and(
    filter.status === 'pending' ? and(isNull(t.confirmedAt), isNull(t.unsubscribedAt)) : undefined,
    filter.status === 'confirmed' ? and(isNotNull(t.confirmedAt), isNull(t.unsubscribedAt)) : undefined,
    filter.status === 'unsubscribed' ? isNotNull(t.unsubscribedAt) : undefined,
    filter.pattern ? ilike(t.email, filter.pattern) : undefined,
  );
}

/** Newest first; the total counts every match. */
export async function listSubscribers(
  db: DbOrTx,
  options: { filter: SubscriberFilter; window: { limit: number; offset: number } },
) {
  const where = whereOf(options.filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(options.window.limit)
      .offset(options.window.offset),
    db.select({ n: count() }).from(newsletterSubscribers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Who a mailing goes to: confirmed and not unsubscribed. */
export function listRecipients(db: DbOrTx) {
  return db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(whereOf({ status: 'confirmed' }));
}

export async function deleteByEmail(db: DbOrTx, email: string): Promise<number> {
  const deleted = await db
    .delete(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
    .returning({ id: newsletterSubscribers.id });
  return deleted.length;
}
