import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';

/**
 * Every audited event of every module, in one shape (issue 22, decision 0054): who (account and role at the time),
 * what, which record, from where, when. Written by the audit module's service in the transaction of the change it
 * records; the modules' own trails (application_events, account_events, …) stay as they are. Append-only (trigger).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for someone without an account (a signatory by their link) or the platform itself. */
    actorId: uuid('actor_id'),
    /** client, notary, admin, signatory or system. */
    actorRole: text('actor_role').notNull(),
    /** An admin's roles when they acted. */
    actorAdminRoles: text('actor_admin_roles').array().notNull().default(sql`'{}'::text[]`),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    detail: text('detail'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_action_idx').on(t.action, t.createdAt),
    index('audit_events_actor_idx').on(t.actorId, t.createdAt),
  ],
);
