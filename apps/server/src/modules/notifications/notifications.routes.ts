import {
  errorResponse,
  markNotificationsReadRequest,
  markNotificationsReadResponse,
  notificationsQuery,
  notificationsResponse,
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
