import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';

/**
 * Newsletter subscribers (issue 22): double opt-in. An address is mailed only once `confirmed_at` is set by the
 * e-mailed link (its token kept as SHA-256 only) and while `unsubscribed_at` is empty.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  // Addresses are stored lower-cased; the unique index makes "subscribe once" hold under concurrent requests.
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_subscribers_confirm_token_key').on(t.confirmTokenHash),
    index('newsletter_subscribers_created_idx').on(t.createdAt),
  ],
);
