import {
  failSessionRequest,
  identityDecisionParams,
  identityDecisionRequest,
  identityDecisionsResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { CallService } from './call.service.ts';
import { SESSION_ERRORS, SESSION_TAGS, sessionParams } from './route-schema.ts';

export function callRoutes(deps: { guard: AuthGuard; callService: CallService }): FastifyPluginAsyncZod {
  const { guard, callService } = deps;
  return async (app) => {
    const tags = SESSION_TAGS;
    const errors = SESSION_ERRORS;
    const notary = guard.requireUser({ roles: ['notary'] });

    app.post(
      '/sessions/:id/signatories/:signatoryId/identity-decision',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: "The notary's decision on a signatory's identity (a note is required when not confirmed)",
          params: identityDecisionParams,
          body: identityDecisionRequest,
          response: { 200: identityDecisionsResponse, ...errors },
        },
      },
      async (request) =>
        callService.decideIdentity({
          applicationId: request.params.id,
          signatoryId: request.params.signatoryId,
          notaryId: authOf(request).user.id,
          request: request.body,
          ip: request.ip,
        }),
    );

    app.post(
      '/sessions/:id/fail',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'End the live session as failed, with the reason (the client may then ask for a refund)',
          params: sessionParams,
          body: failSessionRequest,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        await callService.fail({
          applicationId: request.params.id,
          notaryId: authOf(request).user.id,
          reason: request.body.reason,
          ip: request.ip,
        });
        return { message: 'The session ended as failed.' };
      },
    );
  };
}
