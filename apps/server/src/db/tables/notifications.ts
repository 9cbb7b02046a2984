import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';
import { applications } from './applications.ts';

/**
 * A user's notification feed (issue 8). Written in the same transaction as the change it tells of; the row is also
 * the outbox: `dispatchedAt` is set once it was pushed to the user's sockets (at least once, so the client dedupes by
 * id). `seq` orders the feed strictly, for catching up after a dropped connection.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    /**
     * The sentence as a key of the notification texts and its parameters (issue 23): the feed writes it in the
     * reader's language; `message` keeps the English. Null for a free text.
     */
    textKey: text('text_key'),
    textParams: jsonb('text_params').$type<Record<string, string>>(),
    /** Important events also go by e-mail when the user had no live connection at the time. */
    isImportant: boolean('is_important').notNull().default(false),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    dispatchLockedUntil: timestamp('dispatch_locked_until', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_undispatched_idx').on(t.seq).where(sql`${t.dispatchedAt} is null`),
  ],
);

/**
 * What a person chose per notification kind (issue 26): in the feed, by e-mail, or both. No row: both on. E-mails of
 * the kinds in LOCKED_EMAIL_KINDS (security and legal) go whatever is stored.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
