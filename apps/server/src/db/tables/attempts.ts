import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failure counters (wrong passwords per account and address, per account) when there is no REDIS_URL: one row per
 * key, counted up atomically, forgotten at `expires_at`. Keys are SHA-256 hashes, so no e-mail or address is kept.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_expires_idx').on(t.expiresAt)],
);
