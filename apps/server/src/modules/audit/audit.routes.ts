import { auditQuery, auditResponse, errorResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuard } from '../auth/auth.guard.ts';
import type { AuditService } from './audit.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/** The console's audit view (issue 22): every module's audited events, for `compliance` (and `owner`). */
export function auditRoutes(deps: { guard: AuthGuard; auditService: AuditService }): FastifyPluginAsyncZod {
  const { guard, auditService } = deps;
  return async (app) => {
    const compliance = guard.requireAdmin('audit');
    const tags = ['admin'];

    app.get(
      '/admin/audit',
      {
        preHandler: compliance,
        schema: {
          tags,
          summary: 'Audited events of every module, newest first: search, action, actor, IST days, pages',
          querystring: auditQuery,
          response: { 200: auditResponse, ...errors },
        },
      },
      async (request) => auditService.list(request.query),
    );

    const csvQuery = z.strictObject({
      search: auditQuery.shape.search,
      action: auditQuery.shape.action,
      actor: auditQuery.shape.actor,
      from: auditQuery.shape.from,
      to: auditQuery.shape.to,
    });
    app.get(
      '/admin/audit.csv',
      {
        preHandler: compliance,
        schema: { tags, summary: 'The same events as CSV (newest 10,000)', querystring: csvQuery },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="mohar-audit.csv"')
          .header('cache-control', 'private, no-store')
          .send(await auditService.csv(request.query)),
    );
  };
}
