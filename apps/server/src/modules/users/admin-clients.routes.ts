import {
  adminClientActionResponse,
  adminClientDetailResponse,
  adminClientsQuery,
  adminClientsResponse,
  errorResponse,
  recordIdParams,
  suspendClientRequest,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AdminClientsService } from './admin-clients.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const emptyBody = z.strictObject({}).optional();

/**
 * The console's clients (issue 22), for `support` (and `owner`): the list, one client's page, and the actions on
 * the account — each audited by the auth module in the action's transaction.
 */
export function adminClientsRoutes(deps: {
  guard: AuthGuard;
  authService: AuthService;
  adminClientsService: AdminClientsService;
  /** The account's sessions ended: its live connections close too (realtime). */
  onSessionsEnded: (userId: string) => void;
}): FastifyPluginAsyncZod {
  const { guard, authService, adminClientsService, onSessionsEnded } = deps;
  return async (app) => {
    const support = guard.requireAdmin('clients');
    const tags = ['admin'];
    const actor = (request: Parameters<typeof authOf>[0]) => ({
      auth: authOf(request),
      ipAddress: request.ip,
    });

    app.get(
      '/admin/clients',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'Clients: search by name, e-mail or mobile, filter (verified, suspended, MFA), pages',
          querystring: adminClientsQuery,
          response: { 200: adminClientsResponse, ...errors },
        },
      },
      async (request) => authService.listClients(request.query),
    );

    app.get(
      '/admin/clients/:id',
      {
        preHandler: support,
        schema: {
          tags,
          summary: "One client: profile, latest applications, wallet and ledger, devices, admins' actions",
          params: recordIdParams,
          response: { 200: adminClientDetailResponse, ...errors },
        },
      },
      async (request) => adminClientsService.detail(request.params.id),
    );

    app.post(
      '/admin/clients/:id/suspend',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'Suspend the account: every session ends and sign-in is refused with a sentence saying so',
          params: recordIdParams,
          body: suspendClientRequest,
          response: { 200: adminClientActionResponse, ...errors },
        },
      },
      async (request) => {
        const client = await authService.suspendClient({
          clientId: request.params.id,
          actor: actor(request),
          reason: request.body.reason,
        });
        onSessionsEnded(client._id);
        return { client, message: 'Account suspended' };
      },
    );

    app.post(
      '/admin/clients/:id/reactivate',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'Reactivate a suspended account',
          params: recordIdParams,
          body: emptyBody,
          response: { 200: adminClientActionResponse, ...errors },
        },
      },
      async (request) => ({
        client: await authService.reactivateClient({ clientId: request.params.id, actor: actor(request) }),
        message: 'Account reactivated',
      }),
    );

    app.post(
      '/admin/clients/:id/sessions/end',
      {
        preHandler: support,
        schema: {
          tags,
          summary: "End every session of the client's (signed out on every device)",
          params: recordIdParams,
          body: emptyBody,
          response: { 200: adminClientActionResponse, ...errors },
        },
      },
      async (request) => {
        const client = await authService.endClientSessions({
          clientId: request.params.id,
          actor: actor(request),
        });
        onSessionsEnded(client._id);
        return { client, message: 'Sessions ended' };
      },
    );

    app.post(
      '/admin/clients/:id/verification',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'E-mail the client a new verification link (only while the address is unverified)',
          params: recordIdParams,
          body: emptyBody,
          response: { 200: adminClientActionResponse, ...errors },
        },
      },
      async (request) => ({
        client: await authService.resendClientVerification({
          clientId: request.params.id,
          actor: actor(request),
        }),
        message: 'Verification e-mail sent',
      }),
    );
  };
}
