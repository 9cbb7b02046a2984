import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';
import { organisations } from './organisations.ts';

/**
 * An organisation's API keys (issue 25, decision 0070). The key itself is never stored: its SHA-256 (the key is 256
 * random bits, so a fast hash is enough), and its first characters to tell keys apart in the list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    /** `applications:read` … (contracts' API_KEY_SCOPES). */
    scopes: text('scopes').array().notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    /** Requests a minute this key may make (the rate limit counts per key). */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(120),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** Written at most once a minute per key: a busy key does not write on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_organisation_idx').on(t.organisationId),
  ],
);

/**
 * The first answer to a POST with an `Idempotency-Key`, per caller (`key:<id>` or `user:<id>`). The row is inserted
 * before the request runs (`pending`): its unique key is what stops two concurrent retries from both running.
 * Kept 24 hours.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caller: text('caller').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of method, route, params and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idempotent_requests_caller_key').on(t.caller, t.idempotencyKey),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
