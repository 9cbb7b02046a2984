import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';
import { organisations } from './organisations.ts';

/**
 * One bulk creation of an organisation's drafts (issue 25, decision 0074): written in the transaction that creates
 * them, so an import exists exactly when all its drafts do.
 */
export const bulkImports = pgTable(
  'bulk_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    documentName: text('document_name').notNull(),
    rowCount: integer('row_count').notNull(),
    /** What was made: [{ applicationId, reference, title, signatoryCount }], in the CSV's order. */
    applications: jsonb('applications')
      .$type<Array<{ applicationId: string; reference: string; title: string; signatoryCount: number }>>()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bulk_imports_organisation_idx').on(t.organisationId, t.createdAt)],
);
