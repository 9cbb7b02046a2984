import {
  adminSubscribersQuery,
  adminSubscribersResponse,
  errorResponse,
  messageResponse,
  NEWSLETTER_SUBSCRIBED_MESSAGE,
  newsletterMailingRequest,
  newsletterMailingResponse,
  newsletterSubscribeRequest,
  newsletterTokenRequest,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { AdminNewsletterService } from './admin-newsletter.service.ts';
import type { NewsletterService } from './newsletter.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 429: errorResponse };

export function newsletterRoutes(deps: {
  newsletterService: NewsletterService;
  adminNewsletterService: AdminNewsletterService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  const { newsletterService, adminNewsletterService, guard } = deps;
  return async (app) => {
    const tags = ['newsletter'];
    app.post(
      '/newsletter',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Subscribe an e-mail address to Mohar updates: a confirmation e-mail is sent (idempotent)',
          body: newsletterSubscribeRequest,
          response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
        },
      },
      async (request) => {
        await newsletterService.subscribe({ email: request.body.email });
        // Same answer for new and known addresses: the form must not reveal who is subscribed.
        return { message: NEWSLETTER_SUBSCRIBED_MESSAGE };
      },
    );

    app.post(
      '/newsletter/confirm',
      {
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: "Confirm a subscription with the e-mailed link's token (double opt-in)",
          body: newsletterTokenRequest,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await newsletterService.confirm({ ...request.body, ipAddress: request.ip });
        return { message: 'Your subscription is confirmed.' };
      },
    );

    app.post(
      '/newsletter/unsubscribe',
      {
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: "Unsubscribe with a mailing's link (one click, no sign-in)",
          body: newsletterTokenRequest,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await newsletterService.unsubscribe({ ...request.body, ipAddress: request.ip });
        return { message: 'You are unsubscribed and will receive no more mailings.' };
      },
    );

    const content = guard.requireAdmin('newsletter');
    const actor = (request: Parameters<typeof authOf>[0]) => {
      const { user } = authOf(request);
      return { userId: user.id, role: 'admin', adminRoles: user.adminRoles, ipAddress: request.ip };
    };

    app.get(
      '/admin/newsletter/subscribers',
      {
        preHandler: content,
        schema: {
          tags: ['admin'],
          summary: 'Newsletter subscribers, newest first (status, free text; paged)',
          querystring: adminSubscribersQuery,
          response: { 200: adminSubscribersResponse, ...errors },
        },
      },
      async (request) => adminNewsletterService.list(request.query),
    );

    app.get(
      '/admin/newsletter/subscribers.csv',
      {
        preHandler: content,
        schema: {
          tags: ['admin'],
          summary: 'The same subscribers as CSV (audited)',
          querystring: adminSubscribersQuery,
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="mohar-newsletter-subscribers.csv"')
          .header('cache-control', 'private, no-store')
          .send(await adminNewsletterService.csv({ query: request.query, actor: actor(request) })),
    );

    app.post(
      '/admin/newsletter/mailings',
      {
        preHandler: content,
        schema: {
          tags: ['admin'],
          summary: 'Send a mailing to confirmed subscribers (each mail with its unsubscribe link)',
          body: newsletterMailingRequest,
          response: { 201: newsletterMailingResponse, ...errors },
        },
      },
      async (request, reply) => {
        const recipients = await adminNewsletterService.sendMailing({
          ...request.body,
          actor: actor(request),
        });
        return reply
          .status(201)
          .send({ recipients, message: `Mailing queued for ${recipients} subscribers.` });
      },
    );
  };
}
