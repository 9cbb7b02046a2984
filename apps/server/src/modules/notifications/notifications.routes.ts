import {
  errorResponse,
  markNotificationsReadRequest,
  markNotificationsReadResponse,
  notificationPreferencesResponse,
  notificationsQuery,
  notificationsResponse,
  updateNotificationPreferencesRequest,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { NotificationsService } from './notifications.service.ts';

export function notificationsRoutes(deps: {
  guard: AuthGuard;
  notificationsService: NotificationsService;
}): FastifyPluginAsyncZod {
  const { guard, notificationsService } = deps;
  return async (app) => {
    const tags = ['notifications'];
    const preHandler = guard.requireUser();

    const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
    // The profile's notification choices (issue 26); open during forced MFA setup like the rest of the profile.
    const signedIn = guard.requireUser({ allowDuringMfaSetup: true });
    app.get(
      '/profile/notifications',
      {
        preHandler: signedIn,
        schema: {
          tags: ['profile'],
          summary:
            'How I get each kind of notification (feed, e-mail); security and legal e-mails are locked on',
          response: { 200: notificationPreferencesResponse, ...errors },
        },
      },
      async (request) => ({ preferences: await notificationsService.preferences(authOf(request).user.id) }),
    );

    app.put(
      '/profile/notifications',
      {
        preHandler: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'Choose how I get some kinds of notification; turning off a locked e-mail is refused',
          body: updateNotificationPreferencesRequest,
          response: { 200: notificationPreferencesResponse, ...errors },
        },
      },
      async (request) => ({
        preferences: await notificationsService.savePreferences({
          userId: authOf(request).user.id,
          preferences: request.body.preferences,
        }),
      }),
    );

    app.get(
      '/notifications',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'My notifications, newest first (paginated, with the unread count); ?after=id: what I missed, oldest first',
          querystring: notificationsQuery,
          response: {
            200: notificationsResponse,
            400: errorResponse,
            401: errorResponse,
            404: errorResponse,
          },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return notificationsService.list(authOf(request).user.id, request.query);
      },
    );

    app.post(
      '/notifications/read',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Mark some ({ ids }) or all ({ all: true }) of my notifications read',
          body: markNotificationsReadRequest,
          response: { 200: markNotificationsReadResponse, 400: errorResponse, 401: errorResponse },
        },
      },
      async (request) => notificationsService.markRead(authOf(request).user.id, request.body),
    );
  };
}
