import { errorResponse, retentionReportQuery, retentionReportResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../auth/auth.guard.ts';
import type { RetentionService } from './retention.service.ts';

export function retentionRoutes(deps: {
  retentionService: RetentionService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/retention',
      {
        // The people who carry out data requests (support, compliance, owners) answer for retention too.
        preHandler: deps.guard.requireAdmin('dataRequests'),
        schema: {
          tags: ['admin'],
          summary:
            'Per day (IST): identity files captured and purged at 90 days, recordings due and purged, failures',
          querystring: retentionReportQuery,
          response: {
            200: retentionReportResponse,
            400: errorResponse,
            401: errorResponse,
            404: errorResponse,
          },
        },
      },
      async (request) => deps.retentionService.report(request.query),
    );
  };
}
