import {
  finishRecordingRequest,
  RECORDING_CHUNK_MAX_BYTES,
  recordingChunkParams,
  recordingInfoResponse,
  recordingResponse,
} from '@mohar/contracts';
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
    // Parts arrive as they are recorded: raw bytes (WebM), not JSON or multipart.
    app.addContentTypeParser(
      ['application/octet-stream', 'video/webm'],
      { parseAs: 'buffer', bodyLimit: RECORDING_CHUNK_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const tags = SESSION_TAGS;
    const errors = SESSION_ERRORS;
    const notary = guard.requireUser({ roles: ['notary'] });

    app.put(
      '/sessions/:id/recording/chunks/:index',
      {
        preHandler: notary,
        config: { rateLimit: { max: 600, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary:
            'One part of the session recording, by index (idempotent; application/octet-stream or video/webm)',
          params: recordingChunkParams,
          response: { 200: recordingResponse, ...errors },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw recordingErrors.invalid('Send the part as application/octet-stream.');
        return recordingsService.putChunk({
          applicationId: request.params.id,
          notaryId: authOf(request).user.id,
          index: request.params.index,
          bytes: request.body,
        });
      },
    );

    app.post(
      '/sessions/:id/recording/finish',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'Assemble the recording: every part 0…chunkCount-1 must be in',
          params: sessionParams,
          body: finishRecordingRequest,
          response: { 200: recordingResponse, ...errors },
        },
      },
      async (request) =>
        recordingsService.finish({
          applicationId: request.params.id,
          notaryId: authOf(request).user.id,
          chunkCount: request.body.chunkCount,
        }),
    );

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
