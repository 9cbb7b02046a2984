import { integer, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';

/** Fee settings, one row per change (append-only); the newest row is in force. Applications keep their quoted fee. */
export const feeSettings = pgTable('fee_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  platformPaise: integer('platform_paise').notNull(),
  notarialPaiseByAct: jsonb('notarial_paise_by_act').$type<Record<string, number>>().notNull(),
  extraSignatoryPaise: integer('extra_signatory_paise').notNull(),
  includedSignatories: integer('included_signatories').notNull(),
  gstRatePercent: integer('gst_rate_percent').notNull(),
  changedBy: uuid('changed_by').references(() => users.id),
  createdAt: createdAt(),
});
