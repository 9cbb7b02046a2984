import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { applicationSignatories, applications } from './applications.ts';

/**
 * A signatory's personal link. Only the SHA-256 of the 256-bit token is kept; a new link revokes the previous one,
 * and every link ends with the application (the portal checks its status) or after INVITATION_TTL_DAYS.
 */
export const signatoryInvitations = pgTable(
  'signatory_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    signatoryId: uuid('signatory_id')
      .notNull()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('signatory_invitations_token_hash_key').on(t.tokenHash),
    index('signatory_invitations_signatory_idx').on(t.signatoryId, t.createdAt),
  ],
);

/** E-mailed 6-digit codes that confirm a signatory's address: stored hashed, 10 minutes, 5 attempts. */
export const portalEmailCodes = pgTable(
  'portal_email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    signatoryId: uuid('signatory_id')
      .notNull()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('portal_email_codes_signatory_idx').on(t.signatoryId, t.createdAt)],
);

/** Each consent decision as given: the text version, when, from where, with which browser. Append-only. */
export const signatoryConsents = pgTable(
  'signatory_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    signatoryId: uuid('signatory_id')
      .notNull()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    textVersion: text('text_version').notNull(),
    reason: text('reason'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('signatory_consents_signatory_idx').on(t.signatoryId, t.createdAt)],
);

/**
 * Reminders sent to a signatory who has not finished the portal: automatic ones at PORTAL_REMINDER_HOURS (`step` is
 * the position in that list, unique per signatory, so each is sent once across processes) and the owner's (no step).
 * A reminder carries a fresh link and leaves the earlier ones working.
 */
export const signatoryReminders = pgTable(
  'signatory_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    signatoryId: uuid('signatory_id')
      .notNull()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    step: integer('step'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('signatory_reminders_step_key').on(t.signatoryId, t.step),
    index('signatory_reminders_signatory_idx').on(t.signatoryId, t.sentAt),
  ],
);

/**
 * The language a signatory chose in the portal (issue 23): the portal opens in it from any of their links, and their
 * e-mails are written in it. No row: they never chose (the owner's language is used for their e-mails).
 */
export const signatoryLanguages = pgTable(
  'signatory_languages',
  {
    signatoryId: uuid('signatory_id')
      .primaryKey()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('signatory_languages_language_check', sql`${t.language} in ('en', 'hi')`)],
);
