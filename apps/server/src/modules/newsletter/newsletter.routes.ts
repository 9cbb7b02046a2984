import {
  errorResponse,
  messageResponse,
  NEWSLETTER_SUBSCRIBED_MESSAGE,
  newsletterSubscribeRequest,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NewsletterService } from './newsletter.service.ts';

export function newsletterRoutes(deps: { newsletterService: NewsletterService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/newsletter',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['newsletter'],
          summary: 'Subscribe an e-mail address to Mohar updates (idempotent)',
          body: newsletterSubscribeRequest,
          response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
        },
      },
      async (request) => {
        await deps.newsletterService.subscribe({ email: request.body.email });
        // Same answer for new and known addresses: the form must not reveal who is subscribed.
        return { message: NEWSLETTER_SUBSCRIBED_MESSAGE };
      },
    );
  };
}
