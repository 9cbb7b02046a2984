import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One small value sealed with ENCRYPTION_KEY (platform/key-check.ts): at start, a key that cannot open it is refused,
 * so a wrong key is found before it meets an MFA secret or a stored file.
 */
export const keyChecks = pgTable('key_checks', {
  id: text('id').primaryKey(),
  sealed: text('sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
