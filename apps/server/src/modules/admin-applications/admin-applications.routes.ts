import {
  adminApplicationDetailResponse,
  adminApplicationsQuery,
  adminApplicationsResponse,
  errorResponse,
  failedSealsResponse,
  liveSessionsResponse,
  recordIdParams,
  sealRetryResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { AdminApplicationsService } from './admin-applications.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };
const emptyBody = z.strictObject({}).optional();

/**
 * The console's applications and sessions (issue 22), area `applications` (`support`, and `owner`): everyone else
 * gets the guard's 404, a visitor 401.
 */
export function adminApplicationsRoutes(deps: {
  guard: AuthGuard;
  adminApplicationsService: AdminApplicationsService;
}): FastifyPluginAsyncZod {
  const { guard, adminApplicationsService: service } = deps;
  return async (app) => {
    const support = guard.requireAdmin('applications');
    const tags = ['admin'];

    app.get(
      '/admin/applications',
      {
        preHandler: support,
        schema: {
          tags,
          summary:
            'Every application: search, status, notary, act, IST days (made, paid or notarised), fee range, stuck',
          querystring: adminApplicationsQuery,
          response: { 200: adminApplicationsResponse, ...errors },
        },
      },
      async (request) => {
        const { applications, totalPages, page } = await service.list(request.query);
        return { applications, totalPages, page };
      },
    );

    app.get(
      '/admin/applications/:id',
      {
        preHandler: support,
        schema: {
          tags,
          summary:
            "One application for the console: signatories' states, payments, session, recording, seal, timeline",
          params: recordIdParams,
          response: { 200: adminApplicationDetailResponse, ...errors },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        return service.detail({ id: request.params.id, viewer: { userId: user.id, role: user.role } });
      },
    );

    app.get(
      '/admin/sessions/live',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'Sessions live now: who is in the call, the recording, since when',
          response: { 200: liveSessionsResponse, ...errors },
        },
      },
      async () => ({ sessions: await service.liveSessions() }),
    );

    app.get(
      '/admin/seals/failed',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'Seals whose last attempt failed while the session is still live',
          response: { 200: failedSealsResponse, ...errors },
        },
      },
      async () => ({ seals: await service.failedSeals() }),
    );

    app.post(
      '/admin/seals/:id/retry',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'Try a failed seal again (audited); an application already sealed is left as it is',
          params: recordIdParams,
          body: emptyBody,
          response: { 200: sealRetryResponse, ...errors },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        return service.retrySeal({
          applicationId: request.params.id,
          actor: { userId: user.id, role: user.role, adminRoles: user.adminRoles, ipAddress: request.ip },
        });
      },
    );
  };
}
