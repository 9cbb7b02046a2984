import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { applications } from './applications.ts';

/**
 * The server recorder's manifest (issue 24), append-only: every part of every participant's track as it is stored,
 * and every gap in someone's media, in order. Each entry carries the previous entry's hash and its own, so removing,
 * reordering or changing one breaks the chain; the signed manifest is made from these rows.
 */
export const recordingManifestEntries = pgTable(
  'recording_manifest_entries',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** part | gap. */
    kind: text('kind').notNull(),
    /** `user:{id}` or `signatory:{id}`. */
    participant: text('participant').notNull(),
    /** Parts: which connection of the participant (a reconnect starts a new WebM file) and the part within it. */
    take: integer('take'),
    part: integer('part'),
    blobKey: text('blob_key'),
    sha256: text('sha256'),
    sizeBytes: integer('size_bytes'),
    /** Parts: when the first and last byte arrived; gaps: when media stopped and came back. */
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.seq] })],
);

/**
 * The signed manifest of a session's recording, stored when the act ends (the seal, or the session failed; decision
 * 0081): its final hash is the one printed on the certificate of notarisation. A failed seal retried stores it again.
 */
export const recordingManifests = pgTable('recording_manifests', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  finalHash: text('final_hash').notNull(),
  partCount: integer('part_count').notNull(),
  /** The manifest as `npm run recording:verify` reads it (entries, signature, the platform certificate). */
  manifest: jsonb('manifest').notNull(),
  createdAt: createdAt(),
  /**
   * The act's end plus RECORDING_RETENTION_YEARS (decision 0085): then every part's file is deleted; the entries, this
   * row and its final hash stay (the certificate and the register cite it).
   */
  retainUntil: timestamp('retain_until', { withTimezone: true }),
  /** When the retention job deleted the parts' files (null while they are kept). */
  purgedAt: timestamp('purged_at', { withTimezone: true }),
});

/**
 * The composed view of a session's recording (decision 0084): one row per session whose act's manifest is stored,
 * from `pending` to `ready` (the file is the chain's `composed` entry) or `failed` after its last attempt. Per take,
 * the duration read from its media (werift's header carries a placeholder).
 */
export const recordingCompositions = pgTable('recording_compositions', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  /** pending | ready | failed. */
  status: text('status').notNull(),
  attempts: integer('attempts').notNull().default(0),
  failure: text('failure'),
  /** `[{ participant, take, durationMs }]`, once composed. */
  takes: jsonb('takes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});
