import { devMailboxResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Mailer } from '../../platform/mailer.ts';

/** Development helpers. Registered only outside production (see app.ts): the mailbox shows every outgoing e-mail. */
export function devRoutes(deps: { mailer: Mailer }): FastifyPluginAsyncZod {
  return async (app) => {
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
