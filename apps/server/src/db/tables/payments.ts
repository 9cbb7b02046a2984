import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
 * A payment attempt for an application: wholly from the wallet, or through a gateway order (with any wallet part
 * set aside until the gateway answers). `provider_order_id` is the gateway's order id; our id is its receipt.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    status: text('status').notNull().default('created'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    walletPaise: bigint('wallet_paise', { mode: 'number' }).notNull(),
    gatewayPaise: bigint('gateway_paise', { mode: 'number' }).notNull(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_key').on(t.provider, t.providerOrderId),
    index('payments_application_idx').on(t.applicationId, t.createdAt),
    // At most one successful payment per application: a second capture is credited to the wallet instead.
    uniqueIndex('payments_one_paid_per_application').on(t.applicationId).where(sql`status = 'paid'`),
    check('payments_split', sql`wallet_paise + gateway_paise = amount_paise`),
  ],
);

/** One balanced movement of money (its entries sum to zero; enforced by a deferred trigger, migration 0007). */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    applicationId: uuid('application_id').references(() => applications.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    refundId: uuid('refund_id'),
    /** What caused it, unique: the same cause can never post twice (e.g. `capture:<payment id>`). */
    causeKey: text('cause_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_postings_cause_key').on(t.causeKey)],
);

/**
 * Signed amounts in paise; an account's balance is the sum of its entries. Wallets belong to a user (`user_id`);
 * the platform's accounts (gateway_clearing, wallet_holds, platform_revenue, gst_payable, notarial_fees_payable,
 * refunds) have none.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => ledgerPostings.id),
    account: text('account').notNull(),
    userId: uuid('user_id').references(() => users.id),
    /** The organisation of an `organisation_wallet` leg (decision 0068). */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_posting_idx').on(t.postingId),
    index('ledger_entries_wallet_idx').on(t.userId, t.id),
    index('ledger_entries_account_idx').on(t.account),
    check('ledger_entries_wallet_owner', sql`(account = 'wallet') = (user_id IS NOT NULL)`),
    check(
      'ledger_entries_organisation_wallet_owner',
      sql`(account = 'organisation_wallet') = (organisation_id IS NOT NULL)`,
    ),
    index('ledger_entries_organisation_wallet_idx')
      .on(t.organisationId, t.id)
      .where(sql`organisation_id is not null`),
    check('ledger_entries_nonzero', sql`amount_paise <> 0`),
  ],
);

/** Cached wallet balance, changed only in the posting's transaction; never negative (the no-overdraw guard). */
export const walletBalances = pgTable(
  'wallet_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('wallet_balances_not_negative', sql`balance_paise >= 0`)],
);

/** An organisation's wallet balance (decision 0068), kept like a person's: never negative. */
export const organisationWalletBalances = pgTable(
  'organisation_wallet_balances',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id),
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('organisation_wallet_balances_not_negative', sql`balance_paise >= 0`)],
);

/** Gap-free receipt numbers: one counter per financial year, advanced in the paying transaction. */
export const receiptCounters = pgTable('receipt_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: text('serial').notNull(),
    financialYear: text('financial_year').notNull(),
    number: integer('number').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    lines: jsonb('lines').$type<Array<{ code: string; label: string; amountPaise: number }>>().notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    gstRatePercent: integer('gst_rate_percent').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_serial_key').on(t.serial),
    uniqueIndex('receipts_year_number_key').on(t.financialYear, t.number),
    uniqueIndex('receipts_payment_key').on(t.paymentId),
  ],
);

/** Each gateway event once: the gateway's event id, stored in the transaction that applies it. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    orderId: text('order_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId)],
);

/** `Idempotency-Key` on payment-creating requests: the first answer is stored and replayed for the same key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key)],
);

export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('requested'),
    reason: text('reason'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One live request per application (a rejected one may be followed by another within the window).
    uniqueIndex('refund_requests_one_open').on(t.applicationId).where(sql`status <> 'rejected'`),
    index('refund_requests_status_due_idx').on(t.status, t.dueAt),
    check('refund_requests_positive', sql`amount_paise > 0`),
  ],
);

// ── The signatory portal (issue 7) ─────────────────────────────────────────────────────────────────────────────────
