import {
  declineNotaryRequest,
  errorResponse,
  notaryQueueResponse,
  notaryRequestParams,
  openingReminderResponse,
  portalTokenParams,
  startNotarizationRequest,
  startNotarizationResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { PortalService } from '../portal/portal.service.ts';
import { SESSION_ERRORS, SESSION_TAGS, sessionParams } from './route-schema.ts';
import type { SessionsService } from './sessions.service.ts';

const empty = z.strictObject({}).optional();
const startBody = z.optional(startNotarizationRequest);

export function sessionsRoutes(deps: {
  guard: AuthGuard;
  sessionsService: SessionsService;
  applicationsService: ApplicationsService;
  portalService: PortalService;
}): FastifyPluginAsyncZod {
  const { guard, sessionsService } = deps;
  return async (app) => {
    const tags = SESSION_TAGS;
    const errors = SESSION_ERRORS;
    const notary = guard.requireUser({ roles: ['notary'] });

    app.post(
      '/applications/:id/notary-request',
      {
        preHandler: guard.requireUser({ roles: ['client', 'admin'], adminsNeed: 'applications' }),
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Start Notarization: ask for a notary (application ready, 10:00–20:00 IST)',
          params: sessionParams,
          body: startBody,
          response: { 201: startNotarizationResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = authOf(request);
        // The owner (or an admin): anyone else finds no such application.
        await deps.applicationsService.readable(request.params.id, {
          userId: user.id,
          role: user.role,
          organisations: request.viewerOrganisations,
        });
        const started = await sessionsService.start({
          applicationId: request.params.id,
          requester: { userId: user.id, role: user.role },
          ip: request.ip,
          firstAvailable: request.body?.firstAvailable,
        });
        return reply.status(201).send(started);
      },
    );

    app.post(
      '/access/:token/notary-request',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: "Start Notarization from a signatory's personal link",
          params: portalTokenParams,
          body: startBody,
          response: { 201: startNotarizationResponse, ...errors, 410: errorResponse },
        },
      },
      async (request, reply) => {
        const { application, me } = await deps.portalService.resolve(request.params.token);
        const started = await sessionsService.start({
          applicationId: application.id,
          requester: { signatoryId: me.id },
          ip: request.ip,
          firstAvailable: request.body?.firstAvailable,
        });
        return reply.status(201).send(started);
      },
    );

    app.post(
      '/applications/:id/opening-reminder',
      {
        preHandler: guard.requireUser({ roles: ['client', 'admin'], adminsNeed: 'applications' }),
        schema: {
          tags,
          summary: 'Outside service hours: tell the participants when notaries are available',
          params: sessionParams,
          body: empty,
          response: { 200: openingReminderResponse, ...errors },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        await deps.applicationsService.readable(request.params.id, {
          userId: user.id,
          role: user.role,
          organisations: request.viewerOrganisations,
        });
        return sessionsService.remindAtOpening({ applicationId: request.params.id });
      },
    );

    app.post(
      '/access/:token/opening-reminder',
      {
        schema: {
          tags,
          summary: "The same, from a signatory's personal link",
          params: portalTokenParams,
          body: empty,
          response: { 200: openingReminderResponse, ...errors, 410: errorResponse },
        },
      },
      async (request) => {
        const { application } = await deps.portalService.resolve(request.params.token);
        return sessionsService.remindAtOpening({ applicationId: application.id });
      },
    );

    app.get(
      '/notary/requests',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'Requests I can take now, oldest first',
          response: { 200: notaryQueueResponse, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { requests: await sessionsService.queue(authOf(request).user.id) };
      },
    );

    app.post(
      '/notary/requests/:id/accept',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'Accept a request (the first notary to accept gets it)',
          params: notaryRequestParams,
          body: empty,
          response: { 200: z.object({ applicationId: z.string() }), ...errors },
        },
      },
      async (request) =>
        sessionsService.accept({
          requestId: request.params.id,
          notaryUserId: authOf(request).user.id,
          ip: request.ip,
        }),
    );

    app.post(
      '/notary/requests/:id/decline',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'Decline a request, with a reason',
          params: notaryRequestParams,
          body: declineNotaryRequest,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        await sessionsService.decline({
          requestId: request.params.id,
          notaryUserId: authOf(request).user.id,
          reason: request.body.reason,
          ip: request.ip,
        });
        return { message: 'Declined.' };
      },
    );
  };
}
