import { healthResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const PING_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);
}

/** For load balancers and uptime checks: 200 when the database answers, 503 when it does not. */
export function healthRoutes(deps: {
  /** Throws when the database cannot answer. */
  pingDatabase: () => Promise<void>;
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
  };
}
