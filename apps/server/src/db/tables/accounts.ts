import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';

/** Accounts. E-mail is stored lower-cased; the password only as an argon2id hash; the TOTP secret encrypted. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    role: text('role').notNull(),
    /**
     * What an admin may run (issue 22): any of ADMIN_ROLES; `owner` passes everything. Empty for clients and notaries,
     * and for an admin nobody granted anything yet (who then sees only the dashboard).
     */
    adminRoles: text('admin_roles').array().notNull().default(sql`'{}'::text[]`),
    passwordHash: text('password_hash').notNull(),
    /** 'en' | 'hi' once the person chose a language (issue 23); null follows their browser. */
    language: text('language'),
    dateOfBirth: text('date_of_birth'),
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    mfaSecretEncrypted: text('mfa_secret_encrypted'),
    mfaPendingSecretEncrypted: text('mfa_pending_secret_encrypted'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice (ASVS 2.8.4). */
    mfaLastStep: integer('mfa_last_step'),
    /** Set while the account is suspended (by an admin, issue 22): no sign-in, no session. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Set when the account was closed (consent withdrawn or erasure, issue 26): the row is pseudonymised and kept
     * only so the ledger, invoices and register entries still point somewhere. `closedEmailHash` (SHA-256 of the
     * lower-cased old address) lets sign-in tell the person why, after their password, without keeping the address.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedEmailHash: text('closed_email_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_language_check', sql`${t.language} in ('en', 'hi')`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_closed_email_idx').on(t.closedEmailHash),
  ],
);

/**
 * Server-side sessions. Only the SHA-256 of the cookie's token is stored, so a database leak gives no live
 * session. `stage` is 'mfa' between a correct password and the second factor; only 'active' sessions sign in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    stage: text('stage').notNull().default('active'),
    mfaFailures: integer('mfa_failures').notNull().default(0),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the person last proved who they are in this session (sign-in, step-up): sensitive admin actions ask again after 5 minutes. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use tokens sent by e-mail (verification, password reset): stored hashed, with an expiry. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_key').on(t.tokenHash),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

/** MFA recovery codes, hashed; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * What admins did to an account (issue 22: suspend, reactivate, end sessions, resend verification): who, with which
 * admin roles, from where, why. Append-only (migration trigger), like application_events and notary_status_events.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    actorRoles: text('actor_roles').array().notNull(),
    action: text('action').notNull(),
    reason: text('reason'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('account_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A change of e-mail address (issue 26): asked for with the password, made only when the link sent to the new
 * address is followed; then the old address is told, with a link that puts it back (and ends every session) for
 * EMAIL_CHANGE_UNDO_DAYS. Both tokens are stored as SHA-256 and used once.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    confirmTokenHash: text('confirm_token_hash').notNull(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set when the change is made (the undo link goes to the old address then). */
    undoTokenHash: text('undo_token_hash'),
    undoExpiresAt: timestamp('undo_expires_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** A newer request, or the change confirmed: this request's confirmation link no longer works. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_changes_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('email_changes_undo_token_key').on(t.undoTokenHash),
    index('email_changes_user_idx').on(t.userId),
  ],
);
