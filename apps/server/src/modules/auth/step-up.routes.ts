import { errorResponse, messageResponse, stepUpRequest } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from './auth.guard.ts';
import { metaOf } from './auth.routes.ts';
import type { AuthService } from './auth.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 429: errorResponse };

/** POST /auth/step-up: an admin proves who they are again before a sensitive action (decision 0054). */
export function stepUpRoutes(deps: { guard: AuthGuard; authService: AuthService }): FastifyPluginAsyncZod {
  const { guard, authService } = deps;
  return async (app) => {
    app.post(
      '/auth/step-up',
      {
        preHandler: guard.requireUser({ roles: ['admin'] }),
        // Limited like sign-in: per address here, and wrong answers count with sign-in's per account and address.
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          tags: ['auth'],
          summary:
            'Confirm it is you (password, or a code with two-step verification): sensitive actions for 5 minutes',
          body: stepUpRequest,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await authService.stepUp({
          auth: authOf(request),
          proof: request.body,
          meta: metaOf(request),
        });
        return { message: 'Confirmed' };
      },
    );
  };
}
