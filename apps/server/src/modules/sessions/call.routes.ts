import {
  CALL_EVENTS,
  errorResponse,
  failSessionRequest,
  identityDecisionParams,
  identityDecisionRequest,
  identityDecisionsResponse,
  portalTokenParams,
  sessionTimelineResponse,
  sessionViewResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { PortalService } from '../portal/portal.service.ts';
import type { CallService } from './call.service.ts';
import { SESSION_ERRORS, SESSION_TAGS, sessionParams } from './route-schema.ts';
import type { CallChannel } from './signalling.ts';

export function callRoutes(deps: {
  guard: AuthGuard;
  callService: CallService;
  portalService: PortalService;
  applicationsService: ApplicationsService;
  channel: CallChannel;
}): FastifyPluginAsyncZod {
  const { guard, callService, channel } = deps;
  return async (app) => {
    const tags = SESSION_TAGS;
    const errors = SESSION_ERRORS;
    const notary = guard.requireUser({ roles: ['notary'] });

    app.get(
      '/sessions/:id',
      {
        preHandler: notary,
        schema: {
          tags,
          summary:
            "The call page's view for the session's notary (participants, evidence, decisions, recording)",
          params: sessionParams,
          response: { 200: sessionViewResponse, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return callService.view(request.params.id, { kind: 'notary', userId: authOf(request).user.id });
      },
    );

    app.get(
      '/applications/:id/session-events',
      {
        preHandler: guard.requireUser({ adminsNeed: 'applicationRecords' }),
        schema: {
          tags,
          summary:
            "The live session's events for the application timeline (whoever may read the application)",
          params: sessionParams,
          response: { 200: sessionTimelineResponse, ...errors },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        await deps.applicationsService.readable(request.params.id, {
          userId: user.id,
          role: user.role,
          organisations: request.viewerOrganisations,
        });
        return { events: await callService.timeline(request.params.id) };
      },
    );

    app.get(
      '/access/:token/session',
      {
        schema: {
          tags,
          summary: "The call page's view for a signatory, from their personal link",
          params: portalTokenParams,
          response: { 200: sessionViewResponse, ...errors, 410: errorResponse },
        },
      },
      async (request, reply) => {
        const { application, me } = await deps.portalService.resolve(request.params.token);
        reply.header('Cache-Control', 'no-store');
        return callService.view(application.id, { kind: 'signatory', signatoryId: me.id });
      },
    );

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
      async (request) => {
        const result = await callService.decideIdentity({
          applicationId: request.params.id,
          signatoryId: request.params.signatoryId,
          notaryId: authOf(request).user.id,
          request: request.body,
          ip: request.ip,
        });
        channel.toCall(request.params.id, CALL_EVENTS.identity, {
          signatoryId: request.params.signatoryId,
          decision: request.body.decision,
        });
        return result;
      },
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
        channel.toCall(request.params.id, CALL_EVENTS.ended, {
          status: 'failed',
          reason: request.body.reason,
        });
        return { message: 'The session ended as failed.' };
      },
    );
  };
}
