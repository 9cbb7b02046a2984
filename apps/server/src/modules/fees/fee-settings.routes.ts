import { errorResponse, feeSettingsInput, feeSettingsResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { FeeSettingsService } from './fee-settings.service.ts';

export function feeSettingsRoutes(deps: {
  guard: AuthGuard;
  feeSettings: FeeSettingsService;
}): FastifyPluginAsyncZod {
  const { guard, feeSettings } = deps;
  return async (app) => {
    const admin = guard.requireAdmin('fees');
    const tags = ['admin'];
    const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

    app.get(
      '/admin/fee-settings',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Fee settings in force and every earlier version',
          response: { 200: feeSettingsResponse, ...errors },
        },
      },
      async () => feeSettings.view(),
    );

    app.put(
      '/admin/fee-settings',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Change the fees (applies to applications submitted from now on)',
          body: feeSettingsInput,
          response: { 200: feeSettingsResponse, ...errors },
        },
      },
      async (request) => feeSettings.update(request.body, authOf(request).user.id),
    );
  };
}
