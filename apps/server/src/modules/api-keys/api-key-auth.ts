import {
  type ApiKeyScope,
  ERROR_CODES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@mohar/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../platform/app-error.ts';
import { readSessionToken } from '../auth/auth.guard.ts';
import { apiKeyErrors } from './api-keys.errors.ts';
import type { ApiKeyCaller, ApiKeysService } from './api-keys.service.ts';
import { fingerprintOf, type IdempotencyService } from './idempotency.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request came with `Authorization: Bearer <key>` (decision 0070). */
    apiKey?: ApiKeyCaller;
    /** The claimed idempotency row whose answer this request's answer becomes. */
    idempotencyId?: string;
  }
  interface FastifyContextConfig {
    /** The scope a key needs on this route; a route without one refuses keys. */
    apiKeyScope?: ApiKeyScope;
    /** The route keeps its own Idempotency-Key rule (the checkout: the same key answers the same order). */
    ownIdempotency?: boolean;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * `Authorization: Bearer <key>` on the API, before any route's guard: the key is checked (on every request, so a
 * revoked key stops at once), the route must name the scope a key needs (`config.apiKeyScope`), and the key must
 * have it. The request then acts as the key's creator acting for the key's organisation, with an owner's or admin's
 * view (`viewerOrganisations`), so the routes' own guards, record-access checks and services apply unchanged.
 * Register after the cookie and rate-limit plugins and before the routes.
 */
export function registerApiKeyAuth(
  app: FastifyInstance,
  deps: { apiKeys: ApiKeysService; config: AppConfig; apiPrefix: string },
) {
  // The rate-limit plugin's store (Redis with REDIS_URL), counted per key over a minute.
  const limit = app.createRateLimit({
    timeWindow: 60_000,
    max: (request: FastifyRequest) => request.apiKey?.rateLimitPerMinute ?? 1,
    keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.keyId ?? ''}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (header === undefined || !request.url.startsWith(`${deps.apiPrefix}/`)) return;
    // No route here: the API's own 404.
    if (!request.routeOptions.url) return;
    // A browser's cookie and a key together: refused, rather than guess for whom the request acts.
    if (readSessionToken(request, deps.config)) throw apiKeyErrors.mixedCredentials();
    const scope = request.routeOptions.config.apiKeyScope;
    if (!scope) throw apiKeyErrors.routeClosed();
    const key = BEARER.exec(header)?.[1];
    if (!key) throw apiKeyErrors.keyInvalid();
    const caller = await deps.apiKeys.authenticate(key);
    if (!caller.scopes.includes(scope)) throw apiKeyErrors.scopeMissing(scope);
    request.apiKey = caller;
    request.auth = caller.auth;
    request.viewerOrganisations = {
      actingFor: caller.organisationId,
      managesActing: true,
      organisationOnly: true,
    };
    const counted = await limit(request);
    if (!counted.isAllowed && counted.isExceeded) {
      reply.header('retry-after', counted.ttlInSeconds);
      throw new AppError({
        statusCode: 429,
        code: ERROR_CODES.rateLimited,
        message: `This API key made too many requests. Try again in ${counted.ttlInSeconds} seconds.`,
      });
    }
  });
}

/**
 * `Idempotency-Key` on POSTs to the API: required from key callers, honoured for signed-in people too. Runs after the
 * body is validated (so the fingerprint is of what the route will act on) and stores the answer as sent. Register
 * before compression, whose route-level onSend hooks then run after this one and see the answer as text.
 */
export function registerIdempotency(
  app: FastifyInstance,
  deps: { idempotency: IdempotencyService; apiPrefix: string },
) {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !request.url.startsWith(`${deps.apiPrefix}/`)) return;
    if (request.routeOptions.config.ownIdempotency) return;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    const key = typeof header === 'string' ? header : undefined;
    if (request.apiKey && key === undefined) throw apiKeyErrors.idempotencyKeyMissing();
    const caller = request.apiKey
      ? `key:${request.apiKey.keyId}`
      : request.auth
        ? `user:${request.auth.user.id}`
        : null;
    if (key === undefined || caller === null) return;
    deps.idempotency.checkKey(key);
    const started = await deps.idempotency.start({
      caller,
      key,
      fingerprint: fingerprintOf({
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        params: request.params,
        body: request.body,
      }),
    });
    if (started.kind === 'run') {
      request.idempotencyId = started.id;
      return;
    }
    reply.code(started.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (started.type) reply.header('content-type', started.type);
    return reply.send(started.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyId;
    if (!id) return payload;
    request.idempotencyId = undefined;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await deps.idempotency.release(id);
    } else {
      const type = reply.getHeader('content-type');
      await deps.idempotency.complete(id, {
        status: reply.statusCode,
        type: typeof type === 'string' ? type : null,
        body: payload,
      });
    }
    return payload;
  });
}
