import { adminDashboardResponse, errorResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../auth/auth.guard.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(deps: {
  guard: AuthGuard;
  dashboardService: DashboardService;
}): FastifyPluginAsyncZod {
  const { guard, dashboardService } = deps;
  return async (app) => {
    const admin = guard.requireAdmin('dashboard');
    app.get(
      '/admin/dashboard',
      {
        preHandler: admin,
        schema: {
          tags: ['dashboard'],
          summary: "The admin dashboard's live counts, each leading to its queue",
          response: {
            200: adminDashboardResponse,
            401: errorResponse,
            403: errorResponse,
            404: errorResponse,
          },
        },
      },
      async () => dashboardService.admin(),
    );
  };
}
