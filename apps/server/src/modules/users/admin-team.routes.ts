import {
  adminMemberResponse,
  adminMembersResponse,
  adminRolesRequest,
  errorResponse,
  inviteAdminRequest,
  recordIdParams,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { AuthService } from '../auth/auth.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/**
 * The owner's screen of admins (issue 22, decision 0058): the list, invitations, roles, removal. Every change asks
 * for a fresh proof of identity (step-up) and is audited by the auth module in the change's transaction.
 */
export function adminTeamRoutes(deps: {
  guard: AuthGuard;
  authService: AuthService;
  /** A removed admin's live connections close too (realtime). */
  onSessionsEnded: (userId: string) => void;
}): FastifyPluginAsyncZod {
  const { guard, authService, onSessionsEnded } = deps;
  return async (app) => {
    const owner = guard.requireAdmin('admins');
    const ownerStepUp = guard.requireAdmin('admins', { stepUp: true });
    const tags = ['admin'];
    const actor = (request: Parameters<typeof authOf>[0]) => ({
      auth: authOf(request),
      ipAddress: request.ip,
    });

    app.get(
      '/admin/admins',
      {
        preHandler: owner,
        schema: {
          tags,
          summary: 'Every admin with their roles; removed ones last',
          response: { 200: adminMembersResponse, ...errors },
        },
      },
      async () => authService.listAdmins(),
    );

    app.post(
      '/admin/admins',
      {
        preHandler: ownerStepUp,
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Invite an admin by e-mail with their roles: they choose a password from the link',
          body: inviteAdminRequest,
          response: { 201: adminMemberResponse, ...errors },
        },
      },
      async (request, reply) => {
        const admin = await authService.inviteAdmin({ actor: actor(request), ...request.body });
        return reply.status(201).send({ admin, message: 'Invitation sent' });
      },
    );

    app.put(
      '/admin/admins/:id/roles',
      {
        preHandler: ownerStepUp,
        schema: {
          tags,
          summary: "Change an admin's roles (Mohar keeps at least one owner)",
          params: recordIdParams,
          body: adminRolesRequest,
          response: { 200: adminMemberResponse, ...errors },
        },
      },
      async (request) => ({
        admin: await authService.changeAdminRoles({
          actor: actor(request),
          adminId: request.params.id,
          roles: request.body.roles,
        }),
        message: 'Roles changed',
      }),
    );

    app.post(
      '/admin/admins/:id/remove',
      {
        preHandler: ownerStepUp,
        schema: {
          tags,
          summary: "Remove an admin's access: roles cleared, sign-in refused, sessions ended",
          params: recordIdParams,
          body: z.strictObject({}).optional(),
          response: { 200: adminMemberResponse, ...errors },
        },
      },
      async (request) => {
        const admin = await authService.removeAdmin({ actor: actor(request), adminId: request.params.id });
        onSessionsEnded(admin._id);
        return { admin, message: 'Admin access removed' };
      },
    );
  };
}
