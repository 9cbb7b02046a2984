import { and, desc, eq, gt, inArray, isNull, lt, max, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  portalEmailCodes,
  signatoryConsents,
  signatoryInvitations,
  signatoryLanguages,
  signatoryReminders,
} from '../../db/schema.ts';

export async function insertInvitation(
  tx: DbOrTx,
  values: { applicationId: string; signatoryId: string; tokenHash: string; expiresAt: Date },
) {
  await tx.insert(signatoryInvitations).values(values);
}

/** Revokes the open links of one signatory, or of every signatory of an application. */
export async function revokeOpenInvitations(
  tx: DbOrTx,
  where: { signatoryId: string } | { applicationId: string },
) {
  await tx
    .update(signatoryInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        'signatoryId' in where
          ? eq(signatoryInvitations.signatoryId, where.signatoryId)
          : eq(signatoryInvitations.applicationId, where.applicationId),
        isNull(signatoryInvitations.revokedAt),
      ),
    );
}

export async function findInvitationByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: signatoryInvitations.id,
      applicationId: signatoryInvitations.applicationId,
      signatoryId: signatoryInvitations.signatoryId,
      expiresAt: signatoryInvitations.expiresAt,
      revokedAt: signatoryInvitations.revokedAt,
    })
    .from(signatoryInvitations)
    .where(eq(signatoryInvitations.tokenHash, tokenHash));
  return row;
}

export async function markOpened(db: DbOrTx, invitationId: string) {
  await db
    .update(signatoryInvitations)
    .set({ lastOpenedAt: sql`now()` })
    .where(eq(signatoryInvitations.id, invitationId));
}

/** Codes sent to a signatory since `since`, newest first (the resend pace and the hourly cap). */
export function codesSince(db: DbOrTx, signatoryId: string, since: Date) {
  return db
    .select({ createdAt: portalEmailCodes.createdAt })
    .from(portalEmailCodes)
    .where(and(eq(portalEmailCodes.signatoryId, signatoryId), gt(portalEmailCodes.createdAt, since)))
    .orderBy(desc(portalEmailCodes.createdAt));
}

/** A new code replaces any earlier one still open. */
export async function insertCode(
  tx: DbOrTx,
  values: { signatoryId: string; codeHash: string; expiresAt: Date },
) {
  await tx
    .update(portalEmailCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(portalEmailCodes.signatoryId, values.signatoryId), isNull(portalEmailCodes.consumedAt)));
  await tx.insert(portalEmailCodes).values(values);
}

export async function openCode(db: DbOrTx, signatoryId: string) {
  const [row] = await db
    .select()
    .from(portalEmailCodes)
    .where(and(eq(portalEmailCodes.signatoryId, signatoryId), isNull(portalEmailCodes.consumedAt)))
    .orderBy(desc(portalEmailCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Counts one attempt, atomically and only while attempts remain: concurrent guesses cannot exceed the cap.
 * Returns the attempts used, or undefined when none were left.
 */
export async function countAttempt(db: DbOrTx, codeId: string, maxAttempts: number) {
  const [row] = await db
    .update(portalEmailCodes)
    .set({ attempts: sql`${portalEmailCodes.attempts} + 1` })
    .where(and(eq(portalEmailCodes.id, codeId), lt(portalEmailCodes.attempts, maxAttempts)))
    .returning({ attempts: portalEmailCodes.attempts });
  return row?.attempts;
}

export async function consumeCode(tx: DbOrTx, codeId: string) {
  await tx.update(portalEmailCodes).set({ consumedAt: sql`now()` }).where(eq(portalEmailCodes.id, codeId));
}

export async function insertConsent(tx: DbOrTx, values: typeof signatoryConsents.$inferInsert) {
  await tx.insert(signatoryConsents).values(values);
}

/** When each signatory got their first link, and the last automatic reminder step they were sent (null: none). */
export async function reminderStates(db: DbOrTx, signatoryIds: string[]) {
  if (signatoryIds.length === 0) return [];
  const steps = db
    .select({
      signatoryId: signatoryReminders.signatoryId,
      lastStep: max(signatoryReminders.step).as('last_step'),
    })
    .from(signatoryReminders)
    .where(inArray(signatoryReminders.signatoryId, signatoryIds))
    .groupBy(signatoryReminders.signatoryId)
    .as('steps');
  return db
    .select({
      signatoryId: signatoryInvitations.signatoryId,
      firstInvitedAt: min(signatoryInvitations.createdAt),
      lastStep: max(steps.lastStep),
    })
    .from(signatoryInvitations)
    .leftJoin(steps, eq(steps.signatoryId, signatoryInvitations.signatoryId))
    .where(inArray(signatoryInvitations.signatoryId, signatoryIds))
    .groupBy(signatoryInvitations.signatoryId);
}

/**
 * Records a reminder; false when that automatic step was already recorded (by another process or an earlier run), in
 * which case nothing is sent.
 */
export async function insertReminder(
  tx: DbOrTx,
  values: { applicationId: string; signatoryId: string; step: number | null; sentAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(signatoryReminders)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: signatoryReminders.id });
  return inserted.length > 0;
}

/** The owner's latest reminder to a signatory (the pace of reminders sent by hand). */
export async function lastOwnerReminderAt(db: DbOrTx, signatoryId: string): Promise<Date | null> {
  const [row] = await db
    .select({ sentAt: max(signatoryReminders.sentAt) })
    .from(signatoryReminders)
    .where(and(eq(signatoryReminders.signatoryId, signatoryId), isNull(signatoryReminders.step)));
  return row?.sentAt ?? null;
}

/** The language a signatory chose in the portal (a later choice replaces it). */
export async function upsertSignatoryLanguage(db: DbOrTx, values: { signatoryId: string; language: string }) {
  await db
    .insert(signatoryLanguages)
    .values(values)
    .onConflictDoUpdate({
      target: signatoryLanguages.signatoryId,
      set: { language: values.language, updatedAt: sql`now()` },
    });
}

/** The portal choices of these signatories; a signatory who never chose has no entry. */
export async function findSignatoryLanguages(db: DbOrTx, signatoryIds: readonly string[]) {
  if (signatoryIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ signatoryId: signatoryLanguages.signatoryId, language: signatoryLanguages.language })
    .from(signatoryLanguages)
    .where(inArray(signatoryLanguages.signatoryId, [...signatoryIds]));
  return new Map(rows.map((row) => [row.signatoryId, row.language]));
}
