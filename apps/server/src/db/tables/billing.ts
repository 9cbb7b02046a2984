import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { applications } from './applications.ts';
import { organisations } from './organisations.ts';

/**
 * Plans of organisations (decision 0073), versioned like the fee settings: every change is a new row (append-only,
 * a trigger refuses updates and deletes); the newest row of a code is the plan in force. A subscription keeps the
 * version it was taken on until it changes plan.
 */
export const planVersions = pgTable(
  'plan_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    monthlyPaise: bigint('monthly_paise', { mode: 'number' }).notNull(),
    includedNotarisations: integer('included_notarisations').notNull(),
    overagePaise: bigint('overage_paise', { mode: 'number' }).notNull(),
    active: boolean('active').notNull(),
    changedBy: uuid('changed_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('plan_versions_code_idx').on(t.code, t.createdAt)],
);

/**
 * One row per organisation, made when its billing is first looked at: the trial (Unpaid Access) from the
 * organisation's creation, then the plan. `status`: trial | pending (the provider has not confirmed the mandate) |
 * active | cancelled.
 */
export const organisationSubscriptions = pgTable(
  'organisation_subscriptions',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id),
    status: text('status').notNull(),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
    trialEndedAt: timestamp('trial_ended_at', { withTimezone: true }),
    planVersionId: uuid('plan_version_id').references(() => planVersions.id),
    pendingPlanVersionId: uuid('pending_plan_version_id').references(() => planVersions.id),
    provider: text('provider'),
    providerSubscriptionId: text('provider_subscription_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organisation_subscriptions_provider_key').on(t.provider, t.providerSubscriptionId)],
);

/**
 * Each notarisation an organisation paid for from its trial or plan, once per application: the trial's count and
 * the month's usage on the invoice. `month` is the IST calendar month (YYYY-MM).
 */
export const organisationUsage = pgTable(
  'organisation_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    kind: text('kind').notNull(),
    act: text('act'),
    month: text('month').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organisation_usage_application_key').on(t.applicationId),
    index('organisation_usage_month_idx').on(t.organisationId, t.month),
    check('organisation_usage_kind', sql`kind in ('trial', 'plan')`),
  ],
);

/** Gap-free invoice numbers of the monthly invoices: one counter per financial year. */
export const organisationInvoiceCounters = pgTable('organisation_invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** The monthly GST invoice of an organisation: one per organisation and month (append-only). */
export const organisationInvoices = pgTable(
  'organisation_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    month: text('month').notNull(),
    number: text('number').notNull(),
    planVersionId: uuid('plan_version_id').references(() => planVersions.id),
    buyer: jsonb('buyer')
      .$type<{ legalName: string; gstin: string; billingAddress: string; gstState: string }>()
      .notNull(),
    lines: jsonb('lines')
      .$type<
        Array<{
          code: 'plan' | 'usage';
          label: string;
          quantity: number;
          unitPaise: number;
          amountPaise: number;
        }>
      >()
      .notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('organisation_invoices_month_key').on(t.organisationId, t.month),
    uniqueIndex('organisation_invoices_number_key').on(t.number),
    check(
      'organisation_invoices_total',
      sql`taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise`,
    ),
  ],
);
