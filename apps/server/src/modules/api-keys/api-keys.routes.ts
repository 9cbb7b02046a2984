import {
  apiKeyCreatedResponse,
  apiKeyCreateRequest,
  apiKeyListResponse,
  apiKeyParams,
  errorResponse,
  messageResponse,
  recordIdParams,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { ApiKeysService } from './api-keys.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * An organisation's API keys, managed by its owners and admins while signed in (decision 0070). These routes name no
 * key scope: a key cannot make or revoke keys.
 */
export function apiKeysRoutes(deps: {
  apiKeysService: ApiKeysService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  const { apiKeysService: service, guard } = deps;
  return async (app) => {
    const client = guard.requireUser({ roles: ['client'] });
    const tags = ['api keys'];

    app.get(
      '/organisations/:id/api-keys',
      {
        preHandler: client,
        schema: {
          tags,
          summary: "The organisation's API keys, revoked ones too (owners and admins)",
          params: recordIdParams,
          response: { 200: apiKeyListResponse, ...errors },
        },
      },
      async (request) => ({
        apiKeys: await service.list({ organisationId: request.params.id, userId: authOf(request).user.id }),
      }),
    );

    app.post(
      '/organisations/:id/api-keys',
      {
        preHandler: client,
        config: { rateLimit: perSessionLimit({ max: 20, timeWindow: '1 hour' }) },
        schema: {
          tags,
          summary: 'Create a key: the answer holds the key, shown this once (owners and admins)',
          params: recordIdParams,
          body: apiKeyCreateRequest,
          response: { 201: apiKeyCreatedResponse, 429: errorResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await service.create({
            organisationId: request.params.id,
            userId: authOf(request).user.id,
            ip: request.ip,
            request: request.body,
          }),
        ),
    );

    app.post(
      '/organisations/:id/api-keys/:keyId/revoke',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Revoke a key: refused from the next request on',
          params: apiKeyParams,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await service.revoke({
          organisationId: request.params.id,
          keyId: request.params.keyId,
          userId: authOf(request).user.id,
          ip: request.ip,
        });
        return { message: 'API key revoked.' };
      },
    );
  };
}
