import {
  errorResponse,
  invitationPreviewResponse,
  messageResponse,
  organisationDetailsRequest,
  organisationInvitationParams,
  organisationInvitationToken,
  organisationInviteRequest,
  organisationListResponse,
  organisationMemberParams,
  organisationMembersResponse,
  organisationResponse,
  organisationRoleRequest,
  recordIdParams,
  walletResponse,
  walletTransactionsQuery,
  walletTransactionsResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { WalletService } from '../payments/wallet.service.ts';
import type { OrganisationsService } from './organisations.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const tokenParams = z.strictObject({ token: organisationInvitationToken });

/** Business accounts (issue 25, decision 0068): organisations, their members and invitations. */
export function organisationsRoutes(deps: {
  organisationsService: OrganisationsService;
  guard: AuthGuard;
  /** The organisation's wallet, kept by the payments module. */
  wallet: Pick<WalletService, 'organisationBalance' | 'transactions'>;
}): FastifyPluginAsyncZod {
  const { organisationsService: service, guard } = deps;
  return async (app) => {
    // Organisations are the clients' (a notary or admin account works for Mohar, not for a business).
    const client = guard.requireUser({ roles: ['client'] });
    const tags = ['organisations'];
    const userIdOf = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

    app.post(
      '/organisations',
      {
        preHandler: client,
        config: { rateLimit: perSessionLimit({ max: 10, timeWindow: '1 hour' }) },
        schema: {
          tags,
          summary: 'Create an organisation (the caller becomes its owner)',
          body: organisationDetailsRequest,
          response: { 201: organisationResponse, 429: errorResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ organisation: await service.create({ userId: userIdOf(request), details: request.body }) }),
    );

    app.get(
      '/organisations',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'The organisations the caller belongs to, with their role',
          response: { 200: organisationListResponse, ...errors },
        },
      },
      async (request) => ({ organisations: await service.list(userIdOf(request)) }),
    );

    app.get(
      '/organisations/:id',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'One organisation',
          params: recordIdParams,
          response: { 200: organisationResponse, ...errors },
        },
      },
      async (request) => ({
        organisation: await service.get({ id: request.params.id, userId: userIdOf(request) }),
      }),
    );

    app.put(
      '/organisations/:id',
      {
        preHandler: client,
        schema: {
          tags,
          summary: "Change the organisation's details (owners and admins)",
          params: recordIdParams,
          body: organisationDetailsRequest,
          response: { 200: organisationResponse, ...errors },
        },
      },
      async (request) => ({
        organisation: await service.update({
          id: request.params.id,
          userId: userIdOf(request),
          details: request.body,
        }),
      }),
    );

    app.get(
      '/organisations/:id/members',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Members, and open invitations for owners and admins',
          params: recordIdParams,
          response: { 200: organisationMembersResponse, ...errors },
        },
      },
      async (request) => service.members({ id: request.params.id, userId: userIdOf(request) }),
    );

    app.post(
      '/organisations/:id/invitations',
      {
        preHandler: client,
        config: { rateLimit: perSessionLimit({ max: 30, timeWindow: '1 hour' }) },
        schema: {
          tags,
          summary: 'Invite someone by e-mail (owners and admins; only owners invite owners)',
          params: recordIdParams,
          body: organisationInviteRequest,
          response: { 201: organisationMembersResponse, 429: errorResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await service.invite({
            id: request.params.id,
            userId: userIdOf(request),
            ip: request.ip,
            ...request.body,
          }),
        ),
    );

    app.delete(
      '/organisations/:id/invitations/:invitationId',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Withdraw an open invitation',
          params: organisationInvitationParams,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await service.withdrawInvitation({
          id: request.params.id,
          invitationId: request.params.invitationId,
          userId: userIdOf(request),
        });
        return { message: 'Invitation withdrawn.' };
      },
    );

    app.put(
      '/organisations/:id/members/:userId',
      {
        preHandler: client,
        schema: {
          tags,
          summary: "Change a member's role",
          params: organisationMemberParams,
          body: organisationRoleRequest,
          response: { 200: organisationMembersResponse, ...errors },
        },
      },
      async (request) =>
        service.changeRole({
          id: request.params.id,
          memberId: request.params.userId,
          userId: userIdOf(request),
          role: request.body.role,
          ip: request.ip,
        }),
    );

    app.delete(
      '/organisations/:id/members/:userId',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Remove a member (their applications stay with the organisation)',
          params: organisationMemberParams,
          response: { 200: organisationMembersResponse, ...errors },
        },
      },
      async (request) =>
        service.remove({
          id: request.params.id,
          memberId: request.params.userId,
          userId: userIdOf(request),
          ip: request.ip,
        }),
    );

    app.post(
      '/organisations/:id/leave',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Leave the organisation (the last owner cannot)',
          params: recordIdParams,
          body: z.optional(z.strictObject({})),
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await service.leave({ id: request.params.id, userId: userIdOf(request), ip: request.ip });
        return { message: 'You left the organisation.' };
      },
    );

    app.get(
      '/organisations/:id/wallet',
      {
        preHandler: client,
        schema: {
          tags,
          summary: "The organisation's wallet balance (owners and admins)",
          params: recordIdParams,
          response: { 200: walletResponse, ...errors },
        },
      },
      async (request) => {
        await service.assertManager(request.params.id, userIdOf(request));
        return { balancePaise: await deps.wallet.organisationBalance(request.params.id) };
      },
    );

    app.get(
      '/organisations/:id/wallet/transactions',
      {
        preHandler: client,
        schema: {
          tags,
          summary: "The organisation's wallet transactions, newest first (owners and admins)",
          params: recordIdParams,
          querystring: walletTransactionsQuery,
          response: { 200: walletTransactionsResponse, ...errors },
        },
      },
      async (request) => {
        await service.assertManager(request.params.id, userIdOf(request));
        return deps.wallet.transactions({ owner: { organisationId: request.params.id }, ...request.query });
      },
    );

    app.get(
      '/organisation-invitations/:token',
      {
        preHandler: client,
        config: { rateLimit: perSessionLimit({ max: 30, timeWindow: '10 minutes' }) },
        schema: {
          tags,
          summary: 'What an invitation offers (to the person it was sent to)',
          params: tokenParams,
          response: { 200: invitationPreviewResponse, 429: errorResponse, ...errors },
        },
      },
      async (request) =>
        service.previewInvitation({ token: request.params.token, userId: userIdOf(request) }),
    );

    app.post(
      '/organisation-invitations/:token/accept',
      {
        preHandler: client,
        config: { rateLimit: perSessionLimit({ max: 30, timeWindow: '10 minutes' }) },
        schema: {
          tags,
          summary: 'Accept an invitation (once)',
          params: tokenParams,
          body: z.optional(z.strictObject({})),
          response: { 200: organisationResponse, 429: errorResponse, ...errors },
        },
      },
      async (request) => ({
        organisation: await service.accept({
          token: request.params.token,
          userId: userIdOf(request),
          ip: request.ip,
        }),
      }),
    );
  };
}
