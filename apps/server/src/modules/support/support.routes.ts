import {
  customerSupportThreadResponse,
  errorResponse,
  mySupportTicketsResponse,
  recordIdParams,
  supportMessageRequest,
  supportReplyTokenParams,
  supportTicketRequest,
  supportTicketResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { SupportService } from './support.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 429: errorResponse };

export function supportRoutes(deps: {
  supportService: SupportService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  const { supportService, guard } = deps;
  return async (app) => {
    const signedIn = guard.requireUser();
    const tags = ['support'];

    app.post(
      '/support/tickets',
      {
        // Stops a script from filling the support queue; a person sends one or two messages.
        config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
        // A signed-in sender's ticket is linked to their account (and may name one of their applications).
        preHandler: guard.optionalUser(),
        schema: {
          tags,
          summary: 'Send a message to customer support',
          body: supportTicketRequest,
          response: {
            201: supportTicketResponse,
            400: errorResponse,
            404: errorResponse,
            429: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const { reference } = await supportService.createTicket({
          ...request.body,
          auth: request.auth ?? null,
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return reply.status(201).send({
          reference,
          message: `Thank you. We have your message (reference ${reference}) and will reply by e-mail within one working day.`,
        });
      },
    );

    app.get(
      '/support/tickets',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: "The signed-in user's own support requests",
          response: { 200: mySupportTicketsResponse, 401: errorResponse },
        },
      },
      async (request) => supportService.listMine(authOf(request)),
    );

    app.get(
      '/support/tickets/:id',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: "One of the signed-in user's support requests with its replies (no internal notes)",
          params: recordIdParams,
          response: { 200: customerSupportThreadResponse, ...errors },
        },
      },
      async (request) => supportService.readMine({ auth: authOf(request), id: request.params.id }),
    );

    app.post(
      '/support/tickets/:id/messages',
      {
        preHandler: signedIn,
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: "Answer in one of the signed-in user's support requests",
          params: recordIdParams,
          body: supportMessageRequest,
          response: { 201: customerSupportThreadResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await supportService.answerMine({
            auth: authOf(request),
            id: request.params.id,
            ...request.body,
          }),
        ),
    );

    // The e-mailed reply link: whoever holds the token reads the thread and answers, without an account.
    app.get(
      '/support/replies/:token',
      {
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'The support thread a reply link opens (no internal notes)',
          params: supportReplyTokenParams,
          response: { 200: customerSupportThreadResponse, ...errors },
        },
      },
      async (request) => supportService.readByToken(request.params.token),
    );

    app.post(
      '/support/replies/:token',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Answer in the support thread a reply link opens',
          params: supportReplyTokenParams,
          body: supportMessageRequest,
          response: { 201: customerSupportThreadResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await supportService.answerByToken({ token: request.params.token, body: request.body.body })),
    );
  };
}
