import type { FastifyRequest } from 'fastify';

/**
 * A route limit counted per signed-in session, not per address: an office behind one IP may have several people
 * uploading at once. Falls back to the address when there is no session cookie.
 */
export const perSessionLimit = (options: { max: number; timeWindow: string }) => ({
  ...options,
  keyGenerator: (request: FastifyRequest) =>
    request.cookies['__Host-mohar_session'] ?? request.cookies.mohar_session ?? request.ip,
});
