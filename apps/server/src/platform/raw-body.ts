import type { FastifyInstance } from 'fastify';

/**
 * Inside one plugin scope: every request body is handed to the route as the exact bytes sent (a Buffer, 1 MB at
 * most), whatever its content type. For a payment gateway's webhook, whose signature is over those bytes.
 */
export function takeRawBodies(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
}
