import {
  directoryQuery,
  directoryResponse,
  errorResponse,
  registrationNumberField,
  verifyRegistrationResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotaryRoutesDeps } from './notaries.routes.ts';
import { idParams } from './route-helpers.ts';

/** The public directory: verified notaries, the platform CA, registration checks, photos. */
export function notaryDirectoryRoutes(deps: NotaryRoutesDeps): FastifyPluginAsyncZod {
  const { notariesService: service } = deps;
  return async (app) => {
    app.get(
      '/notaries',
      {
        schema: {
          tags: ['notaries'],
          summary: 'Verified notaries who can take work',
          querystring: directoryQuery,
          response: { 200: directoryResponse, 400: errorResponse },
        },
      },
      async (request, reply) => {
        const { onlineOnly, ...rest } = request.query;
        const scope = (await deps.directoryScopeFor?.(request)) ?? { excludeIds: [] };
        // What one organisation's member sees is theirs alone: not for a shared cache.
        if (scope.excludeIds.length > 0 || scope.onlyIds) reply.header('cache-control', 'private, no-store');
        return service.directory({
          ...rest,
          onlineOnly: onlineOnly === 'true',
          excludeIds: scope.excludeIds,
          onlyIds: scope.onlyIds,
        });
      },
    );

    app.get(
      '/notaries/platform-ca.pem',
      {
        schema: {
          tags: ['notaries'],
          summary: "The platform CA's certificate, to check platform-issued signatures",
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'application/x-pem-file')
          .header('content-disposition', 'attachment; filename="mohar-platform-ca.pem"')
          .send(await service.getPlatformCaCertificate()),
    );

    app.get(
      '/notaries/verify',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['notaries'],
          summary: 'Check a registration number against the verified notaries on Mohar',
          querystring: z.strictObject({ registrationNumber: registrationNumberField }),
          response: { 200: verifyRegistrationResponse, 400: errorResponse, 429: errorResponse },
        },
      },
      async (request) => service.verifyRegistration(request.query.registrationNumber),
    );

    app.get(
      '/notaries/:id/photo',
      {
        schema: {
          tags: ['notaries'],
          summary: "A verified notary's photo",
          params: idParams,
          querystring: z.object({ v: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const photo = await service.readDirectoryPhoto(request.params.id);
        return reply
          .header('content-type', photo.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=300')
          .send(photo.body);
      },
    );
  };
}
