import { randomBytes } from 'node:crypto';
import {
  API_KEY_PATTERN,
  type ApiKey,
  type ApiKeyCreateRequest,
  type ApiKeyScope,
  managesOrganisation,
} from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { hashToken } from '../../platform/crypto.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import type { OrganisationsService } from '../organisations/organisations.service.ts';
import { apiKeyErrors, keyNotFound } from './api-keys.errors.ts';
import * as repo from './api-keys.repository.ts';

/** Who a request made with a key is: the organisation's key, acting as the person who created it. */
export type ApiKeyCaller = {
  keyId: string;
  organisationId: string;
  scopes: readonly ApiKeyScope[];
  rateLimitPerMinute: number;
  auth: AuthContext;
};

const PREFIX_SHOWN = 4;

const toApiKey = (row: repo.ListedKey): ApiKey => ({
  _id: row.id,
  name: row.name,
  scopes: row.scopes as ApiKeyScope[],
  prefix: row.prefix,
  createdByName: row.createdByName,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** API keys of organisations (issue 25, decision 0070). */
export function createApiKeysService(deps: {
  db: DbOrTx;
  organisations: Pick<OrganisationsService, 'assertManager' | 'roleOf'>;
  /** `live` in production, `test` elsewhere: a key says at a glance which Mohar it opens. */
  environment: 'live' | 'test';
}) {
  const { db, organisations } = deps;
  return {
    /** Owners and admins only: 404 to outsiders, 403 to members (the organisations module's rule). */
    async list(options: { organisationId: string; userId: string }): Promise<ApiKey[]> {
      await organisations.assertManager(options.organisationId, options.userId);
      return (await repo.listKeys(db, options.organisationId)).map(toApiKey);
    },

    /** The key is returned this once; only its hash is kept. */
    async create(options: {
      organisationId: string;
      userId: string;
      ip: string | null;
      request: ApiKeyCreateRequest;
    }) {
      await organisations.assertManager(options.organisationId, options.userId);
      const key = `mohar_${deps.environment}_${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertKey(tx, {
          organisationId: options.organisationId,
          name: options.request.name,
          scopes: [...options.request.scopes],
          keyHash: hashToken(key),
          prefix: key.slice(0, `mohar_${deps.environment}_`.length + PREFIX_SHOWN),
          createdBy: options.userId,
        });
        await recordAudit(tx, {
          actor: { userId: options.userId, role: 'client', ipAddress: options.ip },
          action: 'api_key.created',
          subject: { type: 'organisation', id: options.organisationId },
          detail: `${inserted.name} (${inserted.scopes.join(', ')}) ${inserted.prefix}…`,
        });
        return inserted;
      });
      const listed = await repo.findListedKey(db, options.organisationId, row.id);
      if (!listed) throw new Error('api key not found after insert');
      return { apiKey: toApiKey(listed), key };
    },

    /** From the next request on, the key is refused: every request reads the key's row. */
    async revoke(options: { organisationId: string; userId: string; ip: string | null; keyId: string }) {
      await organisations.assertManager(options.organisationId, options.userId);
      await db.transaction(async (tx) => {
        const revoked = await repo.revokeKey(tx, {
          organisationId: options.organisationId,
          id: options.keyId,
          by: options.userId,
        });
        if (!revoked) throw keyNotFound();
        await recordAudit(tx, {
          actor: { userId: options.userId, role: 'client', ipAddress: options.ip },
          action: 'api_key.revoked',
          subject: { type: 'organisation', id: options.organisationId },
          detail: `${revoked.name} ${revoked.prefix}…`,
        });
      });
    },

    /**
     * The caller behind `Authorization: Bearer <key>`, checked on every request (no cache, so a revocation holds at
     * once): a live key whose creator is still an active client managing its organisation.
     */
    async authenticate(key: string): Promise<ApiKeyCaller> {
      if (!API_KEY_PATTERN.test(key)) throw apiKeyErrors.keyInvalid();
      const found = await repo.findLiveKeyByHash(db, hashToken(key));
      if (!found || found.user.disabledAt !== null || found.user.role !== 'client') {
        throw apiKeyErrors.keyInvalid();
      }
      const role = await organisations.roleOf(found.key.organisationId, found.user.id);
      if (!role || !managesOrganisation(role)) throw apiKeyErrors.keyInvalid();
      await repo.touchKey(db, found.key.id);
      return {
        keyId: found.key.id,
        organisationId: found.key.organisationId,
        scopes: found.key.scopes as ApiKeyScope[],
        rateLimitPerMinute: found.key.rateLimitPerMinute,
        // Not a session: the key's id stands in its place, and the key is its own proof.
        auth: { user: found.user, sessionId: found.key.id, verifiedAt: new Date() },
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
