import {
  adminSupportTicketResponse,
  adminSupportTicketsQuery,
  adminSupportTicketsResponse,
  errorResponse,
  recordIdParams,
  supportAssignRequest,
  supportMessageRequest,
  supportStatusRequest,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { AdminSupportService } from './admin-support.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };

/** The console's support inbox (issue 22): `support` and `owner`; anyone else 404 like the rest of the console. */
export function adminSupportRoutes(deps: {
  guard: AuthGuard;
  adminSupportService: AdminSupportService;
}): FastifyPluginAsyncZod {
  const { guard, adminSupportService: service } = deps;
  return async (app) => {
    const support = guard.requireAdmin('support');
    const tags = ['admin'];
    const actor = (request: Parameters<typeof authOf>[0]) => ({
      auth: authOf(request),
      ipAddress: request.ip,
    });

    app.get(
      '/admin/support/tickets',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'Support tickets, latest activity first (status, assignee, free text; paged)',
          querystring: adminSupportTicketsQuery,
          response: { 200: adminSupportTicketsResponse, ...errors },
        },
      },
      async (request) => service.listTickets({ ...request.query, auth: authOf(request) }),
    );

    app.get(
      '/admin/support/tickets/:id',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'A support ticket: the thread with internal notes, and who it may be assigned to',
          params: recordIdParams,
          response: { 200: adminSupportTicketResponse, ...errors },
        },
      },
      async (request) => service.getTicket(request.params.id),
    );

    app.post(
      '/admin/support/tickets/:id/replies',
      {
        preHandler: support,
        schema: {
          tags,
          summary:
            'Reply to the customer by e-mail (with a link to answer); the ticket waits on the customer',
          params: recordIdParams,
          body: supportMessageRequest,
          response: { 201: adminSupportTicketResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.reply({ id: request.params.id, body: request.body.body, actor: actor(request) }),
          ),
    );

    app.post(
      '/admin/support/tickets/:id/notes',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'Add an internal note (never shown to the customer)',
          params: recordIdParams,
          body: supportMessageRequest,
          response: { 201: adminSupportTicketResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.addNote({ id: request.params.id, body: request.body.body, actor: actor(request) }),
          ),
    );

    app.put(
      '/admin/support/tickets/:id/status',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'Move the ticket: open, waiting on customer, closed (or reopen)',
          params: recordIdParams,
          body: supportStatusRequest,
          response: { 200: adminSupportTicketResponse, ...errors },
        },
      },
      async (request) =>
        service.setStatus({ id: request.params.id, status: request.body.status, actor: actor(request) }),
    );

    app.put(
      '/admin/support/tickets/:id/assignee',
      {
        preHandler: support,
        schema: {
          tags,
          summary: 'Assign the ticket to a support admin, or to nobody',
          params: recordIdParams,
          body: supportAssignRequest,
          response: { 200: adminSupportTicketResponse, ...errors },
        },
      },
      async (request) =>
        service.assign({ id: request.params.id, assigneeId: request.body.assigneeId, actor: actor(request) }),
    );
  };
}
