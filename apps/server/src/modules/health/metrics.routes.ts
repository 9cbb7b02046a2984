import { createHash, timingSafeEqual } from 'node:crypto';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../../platform/metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics`: the Prometheus exposition. With METRICS_TOKEN set, only `Authorization: Bearer <token>` reads it
 * (compared in constant time); without it, it is open, for a scraper on a private network.
 */
export function metricsRoutes(deps: { metrics: Metrics; token: string | undefined }): FastifyPluginAsync {
  const expected = deps.token ? digest(`Bearer ${deps.token}`) : null;
  return async (app) => {
    app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (expected) {
        const given = digest(request.headers.authorization ?? '');
        if (!timingSafeEqual(given, expected))
          return reply
            .status(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send({ message: 'A valid metrics token is required.', code: AUTH_ERROR_CODES.unauthenticated });
      }
      return reply.type(deps.metrics.contentType).send(await deps.metrics.exposition());
    });
  };
}
