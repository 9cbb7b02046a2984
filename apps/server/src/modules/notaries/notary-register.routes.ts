import { registerQuery, registerResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../auth/auth.guard.ts';
import type { NotaryRoutesDeps } from './notaries.routes.ts';
import { errors } from './route-helpers.ts';

/** The notary's register (Form XV): the list and its CSV and PDF exports. */
export function notaryRegisterRoutes(deps: NotaryRoutesDeps): FastifyPluginAsyncZod {
  const { notariesService: service, registerService, guard } = deps;
  return async (app) => {
    const notary = guard.requireUser({ roles: ['notary'] });
    app.get(
      '/notary/register',
      {
        preHandler: notary,
        schema: {
          tags: ['notaries'],
          summary: 'My notarial register, by date',
          querystring: registerQuery,
          response: { 200: registerResponse, ...errors },
        },
      },
      async (request) =>
        registerService.list({ notaryId: authOf(request).user.id, ip: request.ip, ...request.query }),
    );

    const exportQuery = z.strictObject({ from: registerQuery.shape.from, to: registerQuery.shape.to });
    app.get(
      '/notary/register/export.csv',
      {
        preHandler: notary,
        schema: { tags: ['notaries'], summary: 'My register as CSV', querystring: exportQuery },
      },
      async (request, reply) => {
        const csv = await registerService.exportCsv({
          notaryId: authOf(request).user.id,
          ip: request.ip,
          ...request.query,
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="notarial-register.csv"')
          .header('cache-control', 'private, no-store')
          .send(csv);
      },
    );

    app.get(
      '/notary/register/export.pdf',
      {
        preHandler: notary,
        schema: { tags: ['notaries'], summary: 'My register as PDF', querystring: exportQuery },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const profile = await service.getOwnProfile(auth.user.id);
        const pdf = await registerService.exportPdf({
          notaryId: auth.user.id,
          notaryName: profile.fullName ?? auth.user.name,
          registrationNumber: profile.registrationNumber ?? '—',
          ip: request.ip,
          ...request.query,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', 'attachment; filename="notarial-register.pdf"')
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}
