import { devMailboxResponse, devNotificationRequest, errorResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Mailer } from '../../platform/mailer.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';

/** Development helpers. Registered only outside production (see app.ts): the mailbox shows every outgoing e-mail. */
export function devRoutes(deps: {
  mailer: Mailer;
  guard: AuthGuard;
  notificationsService: NotificationsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Try the bell (and measure the realtime channel: `npm run bench`) without going through a whole application.
    app.post(
      '/dev/notifications',
      {
        preHandler: deps.guard.requireUser(),
        schema: {
          tags: ['dev'],
          summary: 'Send myself a test notification (development only)',
          body: devNotificationRequest,
          response: { 201: devNotificationRequest, 400: errorResponse, 401: errorResponse },
        },
      },
      async (request, reply) => {
        const { user } = authOf(request);
        await deps.notificationsService.notifyNow({
          userId: user.id,
          kind: 'application_status',
          text: request.body.text,
        });
        return reply.status(201).send(request.body);
      },
    );

    app.get(
      '/dev/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Outgoing mail (development only)',
          response: { 200: devMailboxResponse },
        },
      },
      async () => {
        const mails = await deps.mailer.listRecent(100);
        return {
          data: mails.map((m) => ({
            _id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            createdAt: m.createdAt.toISOString(),
          })),
        };
      },
    );
  };
}
