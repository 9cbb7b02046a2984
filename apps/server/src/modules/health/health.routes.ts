import { errorResponse, healthResponse, readyResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthErrors } from './health.errors.ts';
import { type Readiness, withTimeout } from './health.service.ts';

const PING_TIMEOUT_MS = 2000;

/**
 * For load balancers and uptime checks. `/health` is liveness: 200 when the database answers, 503 when it does not.
 * `/health/ready` is readiness: 200 only when every dependency this deployment uses answers; a process that is
 * shutting down answers 503 before any route runs (platform/drain.ts).
 */
export function healthRoutes(deps: {
  /** Throws when the database cannot answer. */
  pingDatabase: () => Promise<void>;
  readiness: Readiness;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        logLevel: 'warn',
        schema: {
          tags: ['system'],
          summary: 'Liveness and database check',
          response: { 200: healthResponse, 503: healthResponse },
        },
      },
      async (request, reply) => {
        const uptimeSeconds = Math.round(process.uptime());
        reply.header('cache-control', 'no-store');
        try {
          await withTimeout(deps.pingDatabase(), PING_TIMEOUT_MS);
          return { status: 'ok' as const, database: 'up' as const, uptimeSeconds };
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database unavailable');
          return reply.status(503).send({ status: 'unavailable', database: 'down', uptimeSeconds });
        }
      },
    );

    app.get(
      '/health/ready',
      {
        logLevel: 'warn',
        schema: {
          tags: ['system'],
          summary: 'Readiness: the database, and Redis and the object store when configured, all answer',
          response: { 200: readyResponse, 503: errorResponse },
        },
      },
      async (request) => {
        const { checks, failed } = await deps.readiness.check();
        if (failed.length > 0) {
          request.log.warn({ checks }, 'readiness: not ready');
          throw healthErrors.notReady({ failed, checks });
        }
        return { status: 'ready' as const, checks };
      },
    );
  };
}
