import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';
import { applicationSignatories, applications } from './applications.ts';
import { notaryProfiles } from './notaries.ts';

/**
 * Start Notarization (issue 9): a request for a notary. `notaryId` set: for that notary only; null: offered to every
 * verified notary online, and the first to accept gets it. One open request per application at a time.
 */
export const notaryRequests = pgTable(
  'notary_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    notaryId: uuid('notary_id').references(() => notaryProfiles.userId),
    /** open → accepted | declined (a named notary said no) | expired (nobody in time) | cancelled. */
    status: text('status').notNull().default('open'),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id),
    requestedBySignatoryId: uuid('requested_by_signatory_id').references(() => applicationSignatories.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedBy: uuid('accepted_by').references(() => notaryProfiles.userId),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    uniqueIndex('notary_requests_one_open_key').on(t.applicationId).where(sql`${t.status} = 'open'`),
    index('notary_requests_open_idx').on(t.status, t.expiresAt),
  ],
);

/** A notary who passed on a "first available" request: it is no longer offered to them. */
export const notaryRequestDeclines = pgTable(
  'notary_request_declines',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => notaryRequests.id, { onDelete: 'cascade' }),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notary_request_declines_key').on(t.requestId, t.notaryId)],
);

/**
 * The session's recording (issue 9): the notary's browser uploads 5-second chunks by index (idempotently); at the
 * end they are assembled into one WebM in the blob store, with its duration fixed and its SHA-256 kept.
 */
export const sessionRecordings = pgTable(
  'session_recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId),
    /** recording → finished. */
    status: text('status').notNull().default('recording'),
    blobKey: text('blob_key'),
    sha256: text('sha256'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set when finished (RECORDING_RETENTION_YEARS); the file is deleted then, the row and hash are kept. */
    retainUntil: timestamp('retain_until', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('session_recordings_application_key').on(t.applicationId)],
);

/**
 * Start Notarization outside service hours: "tell us when it opens". One row per application and opening; the sweep
 * claims due rows (sent_at) and tells the owner and e-mails the signatories.
 */
export const openingReminders = pgTable(
  'opening_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    notifyAt: timestamp('notify_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('opening_reminders_key').on(t.applicationId, t.notifyAt),
    index('opening_reminders_due_idx').on(t.notifyAt).where(sql`${t.sentAt} is null`),
  ],
);

export const recordingChunks = pgTable(
  'recording_chunks',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => sessionRecordings.id, { onDelete: 'cascade' }),
    index: integer('chunk_index').notNull(),
    blobKey: text('blob_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recording_chunks_key').on(t.recordingId, t.index)],
);

/**
 * What happened in a live session (issue 9), append-only: joins and leaves, the notary's identity decisions with
 * their notes, recording started/stopped/failed, the end. The application timeline and the certificate read it.
 */
export const sessionEvents = pgTable(
  'session_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** `user:{id}` or `signatory:{id}`: who did it. */
    actor: text('actor').notNull(),
    /** For identity decisions: the signatory decided about. */
    signatoryId: uuid('signatory_id').references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    note: text('note'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('session_events_application_idx').on(t.applicationId, t.createdAt)],
);
