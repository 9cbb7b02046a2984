import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';
import { notaryProfiles } from './notaries.ts';
import { organisations } from './organisations.ts';

/**
 * A request to notarise one document (issue 5). Status changes only through the applications service, which writes
 * an application_events row in the same transaction. The document lives encrypted in the blob store.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** Created while acting for an organisation (decision 0068): the application is the organisation's. */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    status: text('status').notNull().default('draft'),
    /** 'named' with notaryId, or 'first_available' (any verified notary online takes it); null until chosen. */
    notaryChoice: text('notary_choice'),
    notaryId: uuid('notary_id').references(() => notaryProfiles.userId),
    /** The notary the request has reached (set by the session issue); with the owner and admins, the only readers. */
    assignedNotaryId: uuid('assigned_notary_id').references(() => notaryProfiles.userId),
    documentType: text('document_type'),
    notarialAct: text('notarial_act'),
    title: text('title'),
    description: text('description'),
    language: text('language'),
    purpose: text('purpose'),
    firstScheduleAcknowledgedAt: timestamp('first_schedule_acknowledged_at', { withTimezone: true }),
    document: jsonb('document').$type<{
      key: string;
      fileName: string;
      pages: number;
      sizeBytes: number;
      sha256: string;
      uploadedAt: string;
    } | null>(),
    /** Fixed at submission: the amount to pay, line by line (integer paise). Null while a draft. */
    fee: jsonb('fee').$type<{
      lines: Array<{ code: string; label: string; amountPaise: number }>;
      totalPaise: number;
      /** The GST rate of the quote (the invoice shows it); absent on quotes from before fee settings: 18. */
      gstRatePercent?: number;
    } | null>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Each signatory also initials every page of the document (issue 10; set with the signature places). */
    initialsOnEveryPage: boolean('initials_on_every_page').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('applications_owner_created_idx').on(t.ownerId, t.createdAt),
    index('applications_assigned_notary_idx').on(t.assignedNotaryId, t.createdAt),
    index('applications_status_idx').on(t.status),
    index('applications_organisation_created_idx')
      .on(t.organisationId, t.createdAt)
      .where(sql`organisation_id is not null`),
  ],
);

/** The people who sign; position keeps the owner's order (signing order later). */
export const applicationSignatories = pgTable(
  'application_signatories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    role: text('role').notNull(),
    /** Postal address as the signatory gave it in the portal: the register (Form XV) prints it. */
    address: text('address'),
    progress: text('progress').notNull().default('pending'),
    /** Signing order in the session when the notary changed it (else `position`). */
    signOrder: integer('sign_order'),
    createdAt: createdAt(),
  },
  (t) => [
    // Each signatory gets their own link: one e-mail once per application, whatever its case.
    uniqueIndex('application_signatories_email_key').on(t.applicationId, sql`lower(${t.email})`),
    uniqueIndex('application_signatories_position_key').on(t.applicationId, t.position),
  ],
);

/** Audit trail of every status change: who, when, from where, from and to, why. Append-only (migration trigger). */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id),
    actorRole: text('actor_role'),
    ipAddress: text('ip_address'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    /** A reason the server wrote (decision 0092); null: `reason` is a person's own words. */
    reasonCode: text('reason_code'),
    /** That reason's values (a receipt serial, minutes, a decline's words). */
    reasonParams: jsonb('reason_params').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index('application_events_application_idx').on(t.applicationId, t.createdAt)],
);

// ── Payments, the ledger, receipts, refunds (issue 6; decision 0007) ──────────────────────────────────────────────
