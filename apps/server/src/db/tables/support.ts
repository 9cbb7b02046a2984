import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';
import { applications } from './applications.ts';

/**
 * A request to customer support (issue 22): from `/contact`, by a visitor or a signed-in user (then linked to the
 * account, and optionally to one of their applications). Status: new → open → waiting_on_customer → closed.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('new'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The first reply sent to the customer: the first-response time runs from `created_at` to here. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** The latest message in the thread (the inbox sorts by it). */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('support_tickets_reference_key').on(t.reference),
    index('support_tickets_created_idx').on(t.createdAt),
    index('support_tickets_status_activity_idx').on(t.status, t.lastActivityAt),
    index('support_tickets_user_idx').on(t.userId),
  ],
);

/**
 * The thread after the first message: `reply` (an admin to the customer, sent by e-mail), `customer` (the
 * customer's answer, by the reply link or signed in) and `note` (internal: never shown to the customer).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * The reply links e-mailed with each reply: only the SHA-256 of the 256-bit token is kept, so the table alone opens
 * no thread. Each mail carries its own token; all of a ticket's stay valid until they expire.
 */
export const supportReplyTokens = pgTable(
  'support_reply_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '90 days'`),
    createdAt: createdAt(),
  },
  (t) => [index('support_reply_tokens_ticket_idx').on(t.ticketId)],
);
