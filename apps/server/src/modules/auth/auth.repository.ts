import type { LanguageCode } from '@mohar/contracts';
import { and, desc, eq, gt, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { accountTokens, emailChanges, recoveryCodes, sessions, users } from '../../db/schema.ts';
import { containing } from '../../platform/like-pattern.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type TokenPurpose = 'verify_email' | 'reset_password' | 'sign_in_link';

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts unless the e-mail exists (unique index); returns null when it did, so concurrent registrations are safe. */
export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert): Promise<UserRow | null> {
  const [created] = await db.insert(users).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  changes: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

/** A name and an address to write to (receipts, mails, notifications). */
export async function findContact(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Names and e-mails of several accounts at once (the audit view's actors). */
export function findContacts(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Accounts whose name or e-mail contains `text` (the audit view's free-text search of who acted). */
export async function findUserIdsMatching(db: DbOrTx, text: string, limit: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.name, containing(text)), ilike(users.email, containing(text))))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function findActiveAdminEmails(db: DbOrTx) {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
  return rows.map((r) => r.email);
}

/** Active admin accounts with their roles (who a support ticket may be assigned to). */
export function findActiveAdmins(db: DbOrTx) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, adminRoles: users.adminRoles })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(users.name);
}

export async function updateProfile(
  db: DbOrTx,
  options: { userId: string; name?: string; mobile?: string; language?: LanguageCode },
) {
  const [row] = await db
    .update(users)
    .set({
      ...(options.name === undefined ? {} : { name: options.name }),
      ...(options.mobile === undefined ? {} : { mobile: options.mobile }),
      ...(options.language === undefined ? {} : { language: options.language }),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, options.userId))
    .returning();
  if (!row) throw new Error(`user ${options.userId} vanished`);
  return row;
}

/** Creates the account, or (when `overwrite`) makes an existing one match: used by the admin bootstrap and demo seed. */
export async function upsertAccount(
  db: DbOrTx,
  options: { row: typeof users.$inferInsert; overwrite: boolean },
): Promise<'created' | 'updated' | 'kept'> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${options.row.email})`)
    .limit(1);
  if (!existing) {
    await db.insert(users).values(options.row).onConflictDoNothing();
    return 'created';
  }
  if (!options.overwrite) return 'kept';
  const { email: _email, ...changes } = options.row;
  await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, existing.id));
  return 'updated';
}

export async function insertSession(db: DbOrTx, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [created] = await db.insert(sessions).values(row).returning();
  if (!created) throw new Error('session insert returned nothing');
  return created;
}

// The lookup behind every signed-in request, prepared (db/prepared.ts).
const liveSessionQuery = preparedPerHandle((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.idleExpiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('auth_live_session'),
);

/** A live session and its user by token hash (expired ones are not returned). */
export async function findLiveSession(db: DbOrTx, tokenHash: string) {
  const [row] = await liveSessionQuery(db).execute({ tokenHash });
  return row;
}

export async function touchSession(db: DbOrTx, options: { id: string; idleExpiresAt: Date }) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, idleExpiresAt: options.idleExpiresAt })
    .where(eq(sessions.id, options.id));
}

/** The person proved who they are again in this session (step-up): sensitive actions are open for 5 minutes. */
export async function markSessionVerified(db: DbOrTx, id: string, at: Date) {
  await db.update(sessions).set({ verifiedAt: at }).where(eq(sessions.id, id));
}

/** Tests only (see step-up.service): the user's sessions proved who they are `ageMs` ago. */
export async function backdateSessionProofs(db: DbOrTx, options: { userId: string; ageMs: number }) {
  await db
    .update(sessions)
    .set({ verifiedAt: sql`now() - make_interval(secs => ${options.ageMs / 1000})` })
    .where(eq(sessions.userId, options.userId));
}

export async function incrementMfaFailures(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(sessions)
    .set({ mfaFailures: sql`${sessions.mfaFailures} + 1` })
    .where(eq(sessions.id, id))
    .returning({ mfaFailures: sessions.mfaFailures });
  return row?.mfaFailures ?? 0;
}

export async function deleteSession(db: DbOrTx, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteSessionOfUser(
  db: DbOrTx,
  options: { id: string; userId: string },
): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, options.id), eq(sessions.userId, options.userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Ends every session of a user except `keep` (when given); returns how many ended. */
export async function deleteSessionsOfUser(
  db: DbOrTx,
  options: { userId: string; keep?: string },
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, options.userId), options.keep ? ne(sessions.id, options.keep) : undefined))
    .returning({ id: sessions.id });
  return deleted.length;
}

export function findActiveSessionsOfUser(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.stage, 'active'),
        gt(sessions.idleExpiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

export async function insertToken(
  db: DbOrTx,
  row: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date },
) {
  await db.insert(accountTokens).values(row);
}

/**
 * Marks a token used and returns its user id, in one statement: two requests racing with the same link cannot
 * both succeed (single use).
 */
export async function consumeToken(
  db: DbOrTx,
  options: { tokenHash: string; purpose: TokenPurpose },
): Promise<string | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, options.tokenHash),
        eq(accountTokens.purpose, options.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}

/** The user a still-valid token belongs to, without using it up (to check a new password before spending it). */
export async function findValidToken(
  db: DbOrTx,
  options: { tokenHash: string; purpose: TokenPurpose },
): Promise<string | null> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, options.tokenHash),
        eq(accountTokens.purpose, options.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** Older unused links of the same kind stop working when a new one is sent or one is used. */
export async function expireTokensOfUser(db: DbOrTx, options: { userId: string; purpose: TokenPurpose }) {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, options.userId),
        eq(accountTokens.purpose, options.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}

export async function replaceRecoveryCodes(db: DbOrTx, options: { userId: string; codeHashes: string[] }) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, options.userId));
  if (options.codeHashes.length > 0) {
    await db
      .insert(recoveryCodes)
      .values(options.codeHashes.map((codeHash) => ({ userId: options.userId, codeHash })));
  }
}

export async function consumeRecoveryCode(
  db: DbOrTx,
  options: { userId: string; codeHash: string },
): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, options.userId),
        eq(recoveryCodes.codeHash, options.codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** Only the TOTP step moves forward: a replayed or older code loses the race (ASVS 2.8.4). */
export async function advanceMfaStep(
  db: DbOrTx,
  options: { userId: string; step: number },
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ mfaLastStep: options.step })
    .where(
      and(
        eq(users.id, options.userId),
        sql`(${users.mfaLastStep} is null or ${users.mfaLastStep} < ${options.step})`,
      ),
    )
    .returning({ id: users.id });
  return updated.length > 0;
}

export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** A new request for a change of e-mail; earlier unconfirmed ones of the account stop working. */
export async function insertEmailChange(
  db: DbOrTx,
  row: {
    userId: string;
    oldEmail: string;
    newEmail: string;
    confirmTokenHash: string;
    confirmExpiresAt: Date;
  },
) {
  await db
    .update(emailChanges)
    .set({ supersededAt: sql`now()` })
    .where(
      and(
        eq(emailChanges.userId, row.userId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.supersededAt),
      ),
    );
  await db.insert(emailChanges).values(row);
}

/** Uses a confirmation link once (one conditional UPDATE: two racing clicks cannot both change the address). */
export async function consumeEmailChangeConfirmation(
  db: DbOrTx,
  options: { tokenHash: string; now: Date; undoTokenHash: string; undoExpiresAt: Date },
): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .update(emailChanges)
    .set({
      confirmedAt: options.now,
      undoTokenHash: options.undoTokenHash,
      undoExpiresAt: options.undoExpiresAt,
    })
    .where(
      and(
        eq(emailChanges.confirmTokenHash, options.tokenHash),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.supersededAt),
        gt(emailChanges.confirmExpiresAt, options.now),
      ),
    )
    .returning();
  return row;
}

/** Uses an undo link once, while it is valid. */
export async function consumeEmailChangeUndo(
  db: DbOrTx,
  options: { tokenHash: string; now: Date },
): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .update(emailChanges)
    .set({ undoneAt: options.now })
    .where(
      and(
        eq(emailChanges.undoTokenHash, options.tokenHash),
        isNull(emailChanges.undoneAt),
        gt(emailChanges.undoExpiresAt, options.now),
      ),
    )
    .returning();
  return row;
}

/** Whether another account has this address (any case). */
export async function isEmailTaken(db: DbOrTx, options: { email: string; exceptUserId: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${options.email})`, ne(users.id, options.exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/** A closed account by the hash of its former address (issue 26): only to tell its owner, after their password, why. */
export async function findClosedUserByEmailHash(db: DbOrTx, emailHash: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.closedEmailHash, emailHash), sql`${users.closedAt} is not null`))
    .orderBy(desc(users.closedAt))
    .limit(1);
  return row;
}

/** Everything that lets someone act as the account: its sessions, e-mailed links and recovery codes. */
export async function eraseAccountSecrets(db: DbOrTx, userId: string) {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  const tokens = await db
    .delete(accountTokens)
    .where(eq(accountTokens.userId, userId))
    .returning({ id: accountTokens.id });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  // A change of e-mail's rows hold the old and the new address, and its links.
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
  return { sessions: ended.length, tokens: tokens.length };
}

/** What the person's data export says of their account (no secrets: no password hash, no second-factor secret). */
export async function findExportableProfile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      role: users.role,
      language: users.language,
      dateOfBirth: users.dateOfBirth,
      termsVersion: users.termsVersion,
      termsAcceptedAt: users.termsAcceptedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      mfaEnabledAt: users.mfaEnabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
