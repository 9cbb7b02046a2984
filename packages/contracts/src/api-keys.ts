import { z } from 'zod/mini';
import { recordId } from './common.ts';

/**
 * API keys of an organisation (issue 25, decision 0070): what a key may do. `webhooks:manage` is used by the webhooks
 * module's routes.
 */
export const API_KEY_SCOPES = [
  'applications:read',
  'applications:write',
  'documents:read',
  'webhooks:manage',
] as const;
export const apiKeyScope = z.enum(API_KEY_SCOPES, { message: 'Choose what the key may do' });
export type ApiKeyScope = z.infer<typeof apiKeyScope>;
export const WEBHOOKS_MANAGE_SCOPE: ApiKeyScope = 'webhooks:manage';

/** Every POST from a key caller carries one; the first answer is replayed for 24 hours to a retry with it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that is a replay of the first one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** What the key looks like: a recognisable prefix, then 43 base64url characters (256 random bits). */
export const API_KEY_PATTERN = /^mohar_(live|test)_[A-Za-z0-9_-]{43}$/;

export const apiKeyCreateRequest = z.strictObject({
  name: z
    .string({ message: 'Name the key' })
    .check(z.trim(), z.minLength(2, 'Name the key'), z.maxLength(80, 'The name of the key is too long')),
  scopes: z.array(apiKeyScope).check(
    z.minLength(1, 'Choose at least one permission'),
    z.refine((list) => new Set(list).size === list.length, 'Choose each permission once'),
  ),
});
export type ApiKeyCreateRequest = z.infer<typeof apiKeyCreateRequest>;

export const apiKey = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScope),
  /** The first characters of the key (`mohar_live_AbCd`), to tell keys apart; never the key. */
  prefix: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeyListResponse = z.object({ apiKeys: z.array(apiKey) });
/** The one answer that holds the key itself: it is stored hashed and never shown again. */
export const apiKeyCreatedResponse = z.object({ apiKey, key: z.string() });
export type ApiKeyCreatedResponse = z.infer<typeof apiKeyCreatedResponse>;
export const apiKeyParams = z.strictObject({ id: recordId, keyId: recordId });
