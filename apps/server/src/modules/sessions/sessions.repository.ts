import { and, asc, count, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  applicationSignatories,
  applications,
  notaryRequestDeclines,
  notaryRequests,
  openingReminders,
} from '../../db/schema.ts';

export type NotaryRequestRow = typeof notaryRequests.$inferSelect;

export async function insertRequest(db: DbOrTx, row: typeof notaryRequests.$inferInsert) {
  const [inserted] = await db.insert(notaryRequests).values(row).returning();
  if (!inserted) throw new Error('request not stored');
  return inserted;
}

const notDeclinedBy = (db: DbOrTx, notaryId: string) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(notaryRequestDeclines)
      .where(
        and(
          eq(notaryRequestDeclines.requestId, notaryRequests.id),
          eq(notaryRequestDeclines.notaryId, notaryId),
        ),
      ),
  );

/**
 * An organisation's request reserved for its in-house notaries (decision 0074) is theirs alone until the reservation
 * ends; with no end (the "only" setting) it never reaches anyone else.
 */
const openToOthersOr = (notaryId: string, now: Date) =>
  sql`(${notaryRequests.reservedFor} is null or ${notaryId}::uuid = any(${notaryRequests.reservedFor}) or ${notaryRequests.reservedUntil} <= ${now})`;

/** What a notary may take now: requests named for them, and open "first available" ones they have not passed on. */
const offeredTo = (db: DbOrTx, notaryId: string, isOnline: boolean, now: Date) =>
  and(
    eq(notaryRequests.status, 'open'),
    gt(notaryRequests.expiresAt, now),
    or(
      eq(notaryRequests.notaryId, notaryId),
      isOnline
        ? and(isNull(notaryRequests.notaryId), notDeclinedBy(db, notaryId), openToOthersOr(notaryId, now))
        : sql`false`,
    ),
  );

export async function queueFor(db: DbOrTx, notary: { id: string; isOnline: boolean }, now: Date) {
  const signatoryCount = db
    .select({ value: count() })
    .from(applicationSignatories)
    .where(eq(applicationSignatories.applicationId, notaryRequests.applicationId));
  return db
    .select({
      request: notaryRequests,
      title: applications.title,
      documentType: applications.documentType,
      notarialAct: applications.notarialAct,
      signatoryCount: sql<number>`(${signatoryCount})`.mapWith(Number),
    })
    .from(notaryRequests)
    .innerJoin(applications, eq(applications.id, notaryRequests.applicationId))
    .where(offeredTo(db, notary.id, notary.isOnline, now))
    .orderBy(asc(notaryRequests.createdAt));
}

/** First accept wins: one guarded UPDATE, so of two notaries accepting at once exactly one gets a row back. */
export async function claim(
  db: DbOrTx,
  options: { requestId: string; notaryId: string; isOnline: boolean; now: Date },
) {
  const [row] = await db
    .update(notaryRequests)
    .set({ status: 'accepted', acceptedBy: options.notaryId, decidedAt: options.now })
    .where(
      and(
        eq(notaryRequests.id, options.requestId),
        offeredTo(db, options.notaryId, options.isOnline, options.now),
      ),
    )
    .returning();
  return row;
}

export async function findRequest(db: DbOrTx, id: string) {
  const [row] = await db.select().from(notaryRequests).where(eq(notaryRequests.id, id));
  return row;
}

export async function closeNamed(
  db: DbOrTx,
  options: { requestId: string; notaryId: string; reason: string; now: Date },
) {
  const [row] = await db
    .update(notaryRequests)
    .set({ status: 'declined', declineReason: options.reason, decidedAt: options.now })
    .where(
      and(
        eq(notaryRequests.id, options.requestId),
        eq(notaryRequests.status, 'open'),
        eq(notaryRequests.notaryId, options.notaryId),
      ),
    )
    .returning();
  return row;
}

export async function passOn(db: DbOrTx, options: { requestId: string; notaryId: string; reason: string }) {
  await db.insert(notaryRequestDeclines).values(options).onConflictDoNothing();
}

/** Open requests past their time, locked so that one sweeper (of several processes) closes each. */
export async function claimExpired(db: DbOrTx, now: Date) {
  const due = db
    .select({ id: notaryRequests.id })
    .from(notaryRequests)
    .where(and(eq(notaryRequests.status, 'open'), lte(notaryRequests.expiresAt, now)))
    .for('update', { skipLocked: true });
  return db
    .update(notaryRequests)
    .set({ status: 'expired', decidedAt: now })
    .where(sql`${notaryRequests.id} in (${due})`)
    .returning();
}

export async function cancelOpen(db: DbOrTx, applicationId: string, now: Date) {
  await db
    .update(notaryRequests)
    .set({ status: 'cancelled', decidedAt: now })
    .where(and(eq(notaryRequests.applicationId, applicationId), eq(notaryRequests.status, 'open')));
}

/** "Tell us when it opens": once per application and opening (asking twice changes nothing). */
export async function insertReminder(db: DbOrTx, row: { applicationId: string; notifyAt: Date }) {
  await db.insert(openingReminders).values(row).onConflictDoNothing();
}

/** Reminders due now, claimed (sent_at set) so that each goes out once, whichever process sweeps first. */
export async function claimDueReminders(db: DbOrTx, now: Date) {
  const due = db
    .select({ id: openingReminders.id })
    .from(openingReminders)
    .where(and(isNull(openingReminders.sentAt), lte(openingReminders.notifyAt, now)))
    .for('update', { skipLocked: true });
  return db
    .update(openingReminders)
    .set({ sentAt: now })
    .where(sql`${openingReminders.id} in (${due})`)
    .returning();
}
