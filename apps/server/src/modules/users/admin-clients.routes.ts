import {
  adminClientActionResponse,
  adminClientDetailResponse,
  adminClientsQuery,
  adminClientsResponse,
  errorResponse,
  recordIdParams,
  resetClientMfaRequest,
  suspendClientRequest,
  walletAdjustmentRequest,
  walletAdjustmentResponse,
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
type Actor = Parameters<AuthService['reactivateClient']>[0]['actor'];

/** The actions without a body: path, what it says in the API's documentation, the use case, the answer's message. */
const PLAIN_ACTIONS = [
  {
    path: 'reactivate',
    summary: 'Reactivate a suspended account',
    run: (auth: AuthService) => auth.reactivateClient,
    message: 'Account reactivated',
    endsSessions: false,
    stepUp: true,
  },
  {
    path: 'sessions/end',
    summary: "End every session of the client's (signed out on every device)",
    run: (auth: AuthService) => auth.endClientSessions,
    message: 'Sessions ended',
    endsSessions: true,
    stepUp: false,
  },
  {
    path: 'verification',
    summary: 'E-mail the client a new verification link (only while the address is unverified)',
    run: (auth: AuthService) => auth.resendClientVerification,
    message: 'Verification e-mail sent',
    endsSessions: false,
    stepUp: false,
  },
] as const satisfies ReadonlyArray<{
  path: string;
  summary: string;
  run: (auth: AuthService) => (options: { clientId: string; actor: Actor }) => Promise<unknown>;
  message: string;
  endsSessions: boolean;
  /** Sensitive: the admin proves who they are again after 5 minutes (decision 0054). */
  stepUp: boolean;
}>;

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
    // Reading is support's and finance's (the wallet lives on the client's page); acting on the account is support's.
    const reader = guard.requireAdmin('clients');
    const support = guard.requireAdmin('clientActions');
    const supportStepUp = guard.requireAdmin('clientActions', { stepUp: true });
    const tags = ['admin'];
    const actor = (request: Parameters<typeof authOf>[0]) => ({
      auth: authOf(request),
      ipAddress: request.ip,
    });

    app.get(
      '/admin/clients',
      {
        preHandler: reader,
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
        preHandler: reader,
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
        preHandler: supportStepUp,
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
      '/admin/clients/:id/mfa/reset',
      {
        preHandler: supportStepUp,
        schema: {
          tags,
          summary:
            "Turn off the client's two-step verification (lost phone); signs them out and e-mails them",
          params: recordIdParams,
          body: resetClientMfaRequest,
          response: { 200: adminClientActionResponse, ...errors },
        },
      },
      async (request) => {
        const client = await authService.resetClientMfa({
          clientId: request.params.id,
          actor: actor(request),
          reason: request.body.reason,
        });
        onSessionsEnded(client._id);
        return { client, message: 'Two-step verification reset' };
      },
    );

    app.post(
      '/admin/clients/:id/wallet-adjustments',
      {
        // Money moves: finance only (not support), with a fresh proof of identity (decision 0058).
        preHandler: guard.requireAdmin('wallet', { stepUp: true }),
        schema: {
          tags,
          summary: "Credit or debit the client's wallet with a reason (a ledger posting; never below zero)",
          params: recordIdParams,
          body: walletAdjustmentRequest,
          response: { 200: walletAdjustmentResponse, ...errors },
        },
      },
      async (request) => {
        const { balancePaise } = await adminClientsService.adjustWallet({
          clientId: request.params.id,
          amountPaise: request.body.amountPaise,
          reason: request.body.reason,
          actor: actor(request),
        });
        return { balancePaise, message: 'Wallet adjusted' };
      },
    );

    for (const action of PLAIN_ACTIONS) {
      app.post(
        `/admin/clients/:id/${action.path}`,
        {
          preHandler: action.stepUp ? supportStepUp : support,
          schema: {
            tags,
            summary: action.summary,
            params: recordIdParams,
            body: emptyBody,
            response: { 200: adminClientActionResponse, ...errors },
          },
        },
        async (request) => {
          const client = await action.run(authService)({
            clientId: request.params.id,
            actor: actor(request),
          });
          if (action.endsSessions) onSessionsEnded(client._id);
          return { client, message: action.message };
        },
      );
    }
  };
}
