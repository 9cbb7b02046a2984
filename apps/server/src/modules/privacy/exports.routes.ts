import {
  dataExportResponse,
  dataExportStatusResponse,
  errorResponse,
  recordIdParams,
} from '@mohar/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { DataExportsService } from './exports.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

function sendZip(reply: FastifyReply, archive: { body: NodeJS.ReadableStream; requestedAt: Date }) {
  const day = archive.requestedAt.toISOString().slice(0, 10);
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="mohar-my-data-${day}.zip"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(archive.body);
}

/** "Download my data" (issue 26): ask, see where it stands, download while it lasts (7 days). */
export function dataExportsRoutes(deps: {
  dataExports: DataExportsService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  const { dataExports, guard } = deps;
  return async (app) => {
    const tags = ['privacy'];
    // Clients, like withdrawal and erasure: a notary's or admin's view of applications is other people's data.
    const client = guard.requireUser({ roles: ['client'] });

    app.get(
      '/privacy/export',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'My latest data export: preparing, ready (until when) or expired',
          response: { 200: dataExportStatusResponse, ...errors },
        },
      },
      async (request) => ({ export: await dataExports.status(authOf(request).user.id) }),
    );

    app.post(
      '/privacy/export',
      {
        preHandler: client,
        config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
        schema: {
          tags,
          summary: 'Ask for an archive of my data; an e-mail with the link follows when it is ready',
          response: { 201: dataExportResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          export: await dataExports.request(authOf(request).user.id),
          message: 'We are preparing your data. We will e-mail you a link when it is ready.',
        }),
    );

    app.get(
      '/privacy/export/:id/archive',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'The archive (ZIP), for the person it was made for, for 7 days',
          params: recordIdParams,
          response: { 401: errorResponse, 403: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        const archive = await dataExports.archive({ userId: authOf(request).user.id, id: request.params.id });
        return sendZip(reply, archive);
      },
    );
  };
}
