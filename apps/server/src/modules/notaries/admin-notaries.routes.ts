import {
  adminNotariesQuery,
  adminNotariesResponse,
  notaryDecisionRequest,
  notaryDocumentKind,
  notaryProfileResponse,
  recordId,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../auth/auth.guard.ts';
import type { NotaryRoutesDeps } from './notaries.routes.ts';
import { emptyBody, errors, idParams, sendFile } from './route-helpers.ts';

/** Admins verify notaries: the queue, one notary, their documents, decisions. */
export function adminNotariesRoutes(deps: NotaryRoutesDeps): FastifyPluginAsyncZod {
  const { notariesService: service, guard } = deps;
  return async (app) => {
    const _notary = guard.requireUser({ roles: ['notary'] });
    const admin = guard.requireAdmin('notaries');
    app.get(
      '/admin/notaries',
      {
        preHandler: admin,
        schema: {
          tags: ['admin'],
          summary: 'Notaries by status, with search and pages',
          querystring: adminNotariesQuery,
          response: { 200: adminNotariesResponse, ...errors },
        },
      },
      async (request) => service.listForAdmin(request.query),
    );

    app.get(
      '/admin/notaries/:id',
      {
        preHandler: admin,
        schema: {
          tags: ['admin'],
          summary: 'One notary application',
          params: idParams,
          response: { 200: notaryProfileResponse, ...errors },
        },
      },
      async (request) => ({ notary: await service.getForAdmin(request.params.id) }),
    );

    app.get(
      '/admin/notaries/:id/documents/:kind',
      {
        preHandler: admin,
        schema: {
          tags: ['admin'],
          summary: 'A file of a notary application',
          params: z.strictObject({ id: recordId, kind: notaryDocumentKind }),
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await service.readDocument({ notaryId: request.params.id, kind: request.params.kind }),
          request.params.kind,
        ),
    );

    for (const action of ['approve', 'reinstate'] as const) {
      app.post(
        `/admin/notaries/:id/${action}`,
        {
          preHandler: admin,
          schema: {
            tags: ['admin'],
            summary: `${action} a notary`,
            params: idParams,
            body: emptyBody,
            response: { 200: notaryProfileResponse, ...errors },
          },
        },
        async (request) => ({
          notary: await service.decide({
            notaryId: request.params.id,
            action,
            actorId: authOf(request).user.id,
            actorAdminRoles: authOf(request).user.adminRoles,
            ip: request.ip,
          }),
        }),
      );
    }
    for (const action of ['reject', 'suspend'] as const) {
      app.post(
        `/admin/notaries/:id/${action}`,
        {
          preHandler: admin,
          schema: {
            tags: ['admin'],
            summary: `${action} a notary, with a reason`,
            params: idParams,
            body: notaryDecisionRequest,
            response: { 200: notaryProfileResponse, ...errors },
          },
        },
        async (request) => ({
          notary: await service.decide({
            notaryId: request.params.id,
            action,
            actorId: authOf(request).user.id,
            actorAdminRoles: authOf(request).user.adminRoles,
            ip: request.ip,
            reason: request.body.reason,
          }),
        }),
      );
    }
  };
}
