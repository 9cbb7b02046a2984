import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';
import { organisations } from './organisations.ts';

/**
 * Organisations' webhook endpoints (issue 25, decision 0071). The secret is kept encrypted (ENCRYPTION_KEY) because
 * every delivery signs with it; after a rotation the old one stays until `previous_secret_until` so that receivers
 * have time to switch (deliveries carry both signatures meanwhile).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    url: text('url').notNull(),
    /** Event types subscribed to (contracts' WEBHOOK_EVENT_TYPES). */
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organisationId)],
);

/**
 * The outbox: one row per event, written in the transaction of the change it tells of. Its id is the event id
 * receivers dedupe by.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    type: text('type').notNull(),
    /** The `data` of the delivered body. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_org_idx').on(t.organisationId)],
);

/**
 * One event to one endpoint. `pending` until a 2xx (`succeeded`) or the last attempt (`failed`); `next_attempt_at`
 * is both the backoff and the lease of an attempt under way (claimed by moving it past the attempt's timeout), so
 * two processes never send the same attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** Attempts in all (numbering the log). */
    attemptCount: integer('attempt_count').notNull().default(0),
    /** Failed attempts since the last success or redelivery: the backoff's exponent and the attempt limit. */
    failuresInRow: integer('failures_in_row').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Each attempt: status code (null when no answer), time taken, error, and at most a short excerpt of the body. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_attempt_key').on(t.deliveryId, t.attempt)],
);
