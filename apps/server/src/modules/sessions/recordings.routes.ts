import { errorResponse, recordingInfoResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { recordingErrors } from './recordings.errors.ts';
import type { RecordingsService } from './recordings.service.ts';
import { SESSION_ERRORS, SESSION_TAGS, sessionParams } from './route-schema.ts';

export function recordingsRoutes(deps: {
  guard: AuthGuard;
  recordingsService: RecordingsService;
}): FastifyPluginAsyncZod {
  const { guard, recordingsService } = deps;
  return async (app) => {
    const tags = SESSION_TAGS;
    const errors = SESSION_ERRORS;

    // The browser recorder's routes answer 410 with a code (decision 0081): a notary's page opened before the change
    // stops sending (its uploader retries anything but a 4xx) and says why, instead of a bare "route not found".
    // Old pages send raw WebM: taken and dropped, so they get the 410 rather than 415.
    app.addContentTypeParser(
      ['application/octet-stream', 'video/webm'],
      { parseAs: 'buffer', bodyLimit: 8 * 1024 * 1024 },
      (_request, _body, done) => done(null, null),
    );
    for (const [method, url] of [
      ['PUT', '/sessions/:id/recording/chunks/:index'],
      ['POST', '/sessions/:id/recording/finish'],
      ['POST', '/sessions/:id/recording/state'],
    ] as const)
      app.route({
        method,
        url,
        // Who asks first, as on every session route: another notary gets the session's 404 (record access).
        preHandler: guard.requireUser({ roles: ['notary'] }),
        schema: {
          tags,
          summary: 'Retired: the server records the call (410)',
          response: { 410: errorResponse },
        },
        handler: async () => {
          throw recordingErrors.browserRecorderRetired();
        },
      });

    app.get(
      '/sessions/:id/recording/info',
      {
        preHandler: guard.requireUser({ roles: ['notary', 'admin'], adminsNeed: 'recordings' }),
        schema: {
          tags,
          summary: "The session recording's details: parts, SHA-256, length, kept until (its notary, admins)",
          params: sessionParams,
          response: { 200: recordingInfoResponse, ...errors },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        return recordingsService.info({
          applicationId: request.params.id,
          viewer: { userId: user.id, role: user.role },
        });
      },
    );

    app.get(
      '/sessions/:id/recording',
      {
        // An admin proves who they are again after 5 minutes (step-up, decision 0054); the notary does not.
        preHandler: guard.requireUser({ roles: ['notary', 'admin'], adminsNeed: 'recordings', stepUp: true }),
        schema: { tags, summary: "The session's recording (its notary, admins)", params: sessionParams },
      },
      async (request, reply) => {
        const { user } = authOf(request);
        const file = await recordingsService.read({
          applicationId: request.params.id,
          viewer: { userId: user.id, role: user.role, adminRoles: user.adminRoles },
          ip: request.ip,
        });
        return reply
          .header('content-type', 'video/webm')
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('x-content-sha256', file.sha256 ?? '')
          .send(file.body);
      },
    );
  };
}
