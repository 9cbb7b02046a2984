import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';
import { notaryProfiles } from './notaries.ts';
import { organisations } from './organisations.ts';

/**
 * An organisation's in-house notaries (issue 25, decision 0074): invited by an owner or admin, accepted by the notary.
 * invited → active (accepted) | declined | ended (either side ended it). One open or active link per pair; ended rows
 * stay as history.
 */
export const organisationNotaries = pgTable(
  'organisation_notaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId),
    status: text('status').notNull().default('invited'),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    /** The notary's choice: also listed in the public directory for this organisation's members. */
    listedForMembers: boolean('listed_for_members').notNull().default(false),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organisation_notaries_open_key')
      .on(t.organisationId, t.notaryId)
      .where(sql`status in ('invited', 'active')`),
    index('organisation_notaries_notary_idx').on(t.notaryId),
  ],
);
