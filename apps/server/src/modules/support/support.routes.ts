import { errorResponse, supportTicketRequest, supportTicketResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SupportService } from './support.service.ts';

export function supportRoutes(deps: { supportService: SupportService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/support/tickets',
      {
        // Stops a script from filling the support queue; a person sends one or two messages.
        config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
        schema: {
          tags: ['support'],
          summary: 'Send a message to customer support',
          body: supportTicketRequest,
          response: { 201: supportTicketResponse, 400: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        const { reference } = await deps.supportService.createTicket({
          ...request.body,
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return reply.status(201).send({
          reference,
          message: `Thank you. We have your message (reference ${reference}) and will reply by e-mail within one working day.`,
        });
      },
    );
  };
}
