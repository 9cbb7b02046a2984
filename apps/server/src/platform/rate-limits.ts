import type { FastifyRequest } from 'fastify';

/**
 * A route limit counted per signed-in session, not per address: an office behind one IP may have several people
 * uploading at once. Falls back to the address when there is no session cookie.
 */
export const perSessionLimit = (options: { max: number; timeWindow: string }) => ({
  ...options,
  // A request with an API key counts against its key (decision 0070), not the address it came from.
  keyGenerator: (request: FastifyRequest) =>
    (request.apiKey && `api-key:${request.apiKey.keyId}`) ??
    request.cookies['__Host-mohar_session'] ??
    request.cookies.mohar_session ??
    request.ip,
});
