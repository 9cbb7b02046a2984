import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';

/**
 * Every consent a person gave, declined or withdrew (DPDP Act 2023 §6: the consent must be provable), in one shape:
 * which text and version, when and from which address. A client's consents carry their account id; a signatory's
 * identity-processing consent (given in the portal, without an account) its signatory and application ids.
 * Append-only (trigger): a later decision is a new row, never an edit.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a signatory by link. Not a foreign key: the record outlives the account's erasure. */
    userId: uuid('user_id'),
    signatoryId: uuid('signatory_id'),
    applicationId: uuid('application_id'),
    /** A newsletter subscriber's marketing consent (double opt-in, no account needed). */
    subscriberId: uuid('subscriber_id'),
    /** terms | privacy_notice | identity_processing | marketing (CONSENT_KINDS). */
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    /** given | declined | withdrawn. */
    decision: text('decision').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    check('consent_records_decision_check', sql`${t.decision} in ('given', 'declined', 'withdrawn')`),
    index('consent_records_user_idx').on(t.userId, t.kind, t.createdAt),
    index('consent_records_signatory_idx').on(t.signatoryId, t.createdAt),
  ],
);

/**
 * A person's request about their data (issue 26): withdrawing consent (the account closes `effective_at`, 30 days
 * after the written notice) or erasure. `kept` lists what stayed under legal hold and why, `erased` what went,
 * written when the request was carried out. The text is kept: it is the written notice the terms ask for.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Not a foreign key: the request is the record of what was done to the account. */
    userId: uuid('user_id').notNull(),
    /** withdrawal | erasure. */
    kind: text('kind').notNull(),
    /** pending | cancelled | completed | failed. */
    status: text('status').notNull().default('pending'),
    text: text('text').notNull(),
    ipAddress: text('ip_address'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    kept: jsonb('kept').$type<Array<{ record: string; count: number; reason: string }>>(),
    erased: jsonb('erased').$type<Array<{ record: string; count: number }>>(),
    failure: text('failure'),
  },
  (t) => [
    check('data_requests_kind_check', sql`${t.kind} in ('withdrawal', 'erasure')`),
    check('data_requests_status_check', sql`${t.status} in ('pending', 'cancelled', 'completed', 'failed')`),
    index('data_requests_user_idx').on(t.userId, t.requestedAt),
    index('data_requests_due_idx').on(t.status, t.effectiveAt),
  ],
);

/**
 * "Download my data" (issue 26, access and portability): one archive per request, prepared by the `privacy.exports`
 * job, stored encrypted in the blob store, downloadable by its owner only until `expires_at` (7 days), then deleted by
 * `privacy.export-expiry` (the row stays, `expired`, as the record that it was given). One `preparing` per person at
 * a time (partial unique index: two requests at once cannot both start one).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Not a foreign key, like data_requests: the record outlives the account's erasure. */
    userId: uuid('user_id').notNull(),
    /** preparing | ready | expired | failed. */
    status: text('status').notNull().default('preparing'),
    blobKey: text('blob_key'),
    sizeBytes: integer('size_bytes'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    failure: text('failure'),
  },
  (t) => [
    check('data_exports_status_check', sql`${t.status} in ('preparing', 'ready', 'expired', 'failed')`),
    uniqueIndex('data_exports_one_preparing_key').on(t.userId).where(sql`${t.status} = 'preparing'`),
    index('data_exports_user_idx').on(t.userId, t.requestedAt),
    index('data_exports_due_idx').on(t.status, t.expiresAt),
  ],
);
