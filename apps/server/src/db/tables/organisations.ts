import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';

/**
 * Business accounts (issue 25, decision 0068): an organisation with its GST details. Its applications carry its id
 * (applications.organisation_id); they stay with it whoever leaves.
 */
export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  legalName: text('legal_name').notNull(),
  /** Upper case, format and check character verified (contracts' gstin.ts). */
  gstin: text('gstin').notNull(),
  billingAddress: text('billing_address').notNull(),
  /** GST state code ('27'): the GSTIN's first two digits. */
  gstState: text('gst_state').notNull(),
  /** Requests go only to the organisation's own notaries (otherwise those are offered first). */
  inHouseNotariesOnly: boolean('in_house_notaries_only').notNull().default(false),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who belongs, with which role. A member who leaves or is removed keeps their row with `left_at` set (the history);
 * one current row per person and organisation.
 */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organisation_members_current_key')
      .on(t.organisationId, t.userId)
      .where(sql`left_at is null`),
    index('organisation_members_user_idx').on(t.userId),
  ],
);

/** An invitation by e-mail: the link's token stored as SHA-256, single use, expiring. */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organisation_invitations_token_hash_key').on(t.tokenHash),
    index('organisation_invitations_org_idx').on(t.organisationId),
  ],
);
