import {
  errorResponse,
  profileResponse,
  updateLanguageRequest,
  updateProfileRequest,
  userResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UsersService } from './users.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

export function usersRoutes(deps: {
  usersService: UsersService;
  authService: AuthService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = deps.guard.requireUser({ allowDuringMfaSetup: true });

    app.get(
      '/profile',
      {
        preHandler: signedIn,
        schema: { tags: ['profile'], summary: 'My profile', response: { 200: profileResponse, ...errors } },
      },
      async (request) => {
        const { user } = authOf(request);
        return { user: { ...deps.authService.toSessionUser(user), dateOfBirth: user.dateOfBirth } };
      },
    );

    app.patch(
      '/profile',
      {
        preHandler: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'Change my name or mobile',
          body: updateProfileRequest,
          response: { 200: z.object({ user: userResponse.shape.user, message: z.string() }), ...errors },
        },
      },
      async (request) => {
        const user = await deps.usersService.updateProfile({ auth: authOf(request), changes: request.body });
        return { user: deps.authService.toSessionUser(user), message: 'Profile saved' };
      },
    );

    app.patch(
      '/profile/language',
      {
        preHandler: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'Choose my language',
          body: updateLanguageRequest,
          response: { 200: userResponse, ...errors },
        },
      },
      async (request) => {
        const user = await deps.usersService.chooseLanguage({
          auth: authOf(request),
          language: request.body.language,
        });
        return { user: deps.authService.toSessionUser(user) };
      },
    );
  };
}
