import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';
import { applications } from './applications.ts';
import { notaryProfiles } from './notaries.ts';

/**
 * The client's rating of a completed (notarised) session, one per application (decision 0065): who gave it, the
 * notary who held the session, 1–5 stars and an optional comment. Given once, never changed.
 */
export const sessionRatings = pgTable(
  'session_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('session_ratings_application_key').on(t.applicationId),
    index('session_ratings_notary_idx').on(t.notaryId, t.createdAt),
    check('session_ratings_stars_range', sql`${t.stars} between 1 and 5`),
    check('session_ratings_comment_length', sql`char_length(${t.comment}) <= 1000`),
  ],
);
