import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /**
     * An organisation's request offered to its in-house notaries only (decision 0074): until `reserved_until`, or for
     * good when that is null (the organisation's "only" setting). Null: every available notary.
     */
    reservedFor: uuid('reserved_for').array(),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
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

/**
 * A booked session (issue 26): the owner's fixed time with a notary instead of the queue. Slots are BOOKING_SLOT_MINUTES
 * long and start on the slot grid, so "no two bookings of one notary overlap" is the unique key (notary, start)
 * among live bookings: the database refuses the second of two concurrent bookings, not a check before the insert.
 * booked → started (Start Notarization at the time) | cancelled | no_show.
 */
export const bookedSessions = pgTable(
  'booked_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('booked'),
    bookedBy: uuid('booked_by')
      .notNull()
      .references(() => users.id),
    /** Bumped by a reschedule: the calendar file's SEQUENCE, so calendars replace the old time. */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A started session keeps its slot too: nobody books the notary for the half hour they are in it.
    uniqueIndex('booked_sessions_notary_slot_key')
      .on(t.notaryId, t.startsAt)
      .where(sql`${t.status} in ('booked', 'started')`),
    uniqueIndex('booked_sessions_one_per_application_key')
      .on(t.applicationId)
      .where(sql`${t.status} = 'booked'`),
    index('booked_sessions_starts_idx').on(t.status, t.startsAt),
  ],
);

/** Reminders of a booked session sent (24 hours and 15 minutes before): one row per step, so each goes once. */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookedSessions.id, { onDelete: 'cascade' }),
    /** Minutes before the start: 1440 or 15. A reschedule clears the rows, so the new time is reminded again. */
    minutesBefore: integer('minutes_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.minutesBefore] })],
);
