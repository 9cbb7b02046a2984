import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';

/**
 * A purge that failed (issue 26, retention you can prove): an identity image or a recording whose file could not be
 * deleted when its retention ended. The row stays, with the error, so the admin view shows it per day; the purge is
 * tried again on the next run (the record is not marked deleted).
 */
export const retentionFailures = pgTable(
  'retention_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** identity_file | recording. */
    kind: text('kind').notNull(),
    /** The identity_documents or session_recordings row. */
    recordId: uuid('record_id').notNull(),
    error: text('error').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('retention_failures_created_idx').on(t.createdAt)],
);
