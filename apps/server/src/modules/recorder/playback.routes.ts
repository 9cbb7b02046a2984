import { errorResponse, serverRecordingResponse, serverRecordingTrackParams } from '@mohar/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { SESSION_ERRORS, SESSION_TAGS, sessionParams } from '../sessions/route-schema.ts';
import type { PlaybackService } from './playback.service.ts';

/** A file, whole or the asked range (206), as a `<video>` element fetches it. */
function sendMedia(reply: FastifyReply, file: Awaited<ReturnType<PlaybackService['composed']>>) {
  reply
    .header('content-type', 'video/webm')
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (file.sha256) reply.header('x-content-sha256', file.sha256);
  if (file.range)
    reply
      .code(206)
      .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
      .header('content-length', file.range.end - file.range.start + 1);
  else reply.header('content-length', file.size);
  return reply.send(file.body);
}

const viewerOf = (request: FastifyRequest) => {
  const { user } = authOf(request);
  return { userId: user.id, role: user.role, adminRoles: user.adminRoles };
};

/**
 * The server recording's playback (decision 0084), for the session's notary and admins with the recordings area (the
 * guards of the browser recording's routes): details and chapters; the media with step-up for admins, as the
 * browser recording's file.
 */
export function playbackRoutes(deps: {
  guard: AuthGuard;
  playbackService: PlaybackService;
}): FastifyPluginAsyncZod {
  const { guard, playbackService } = deps;
  return async (app) => {
    const tags = SESSION_TAGS;
    const errors = SESSION_ERRORS;
    // A client passes on to the record check, which answers 404 as to anyone who is not the session's notary: the
    // answer says nothing of whether a session has a recording.
    const roles = ['notary', 'admin', 'client'] as const;
    const reader = guard.requireUser({ roles, adminsNeed: 'recordings' });
    // An admin proves who they are again after 5 minutes (step-up, decision 0054); the notary does not.
    const mediaReader = guard.requireUser({ roles, adminsNeed: 'recordings', stepUp: true });

    app.get(
      '/sessions/:id/server-recording',
      {
        preHandler: reader,
        schema: {
          tags,
          summary:
            "The server recording: the composed view's state, chapters, raw tracks (its notary, admins)",
          params: sessionParams,
          response: { 200: serverRecordingResponse, ...errors },
        },
      },
      async (request) => playbackService.info(request.params.id, viewerOf(request)),
    );

    app.get(
      '/sessions/:id/server-recording/composed',
      {
        preHandler: mediaReader,
        schema: {
          tags,
          summary: "The server recording's composed view, VP8/Opus WebM; byte ranges (its notary, admins)",
          params: sessionParams,
          response: { 404: errorResponse, 410: errorResponse, 416: errorResponse },
        },
      },
      async (request, reply) =>
        sendMedia(
          reply,
          await playbackService.composed({
            applicationId: request.params.id,
            viewer: viewerOf(request),
            ip: request.ip,
            range: request.headers.range,
          }),
        ),
    );

    app.get(
      '/sessions/:id/server-recording/tracks/:track',
      {
        preHandler: mediaReader,
        schema: {
          tags,
          summary: "One raw track of the server recording (a person's take, as recorded); byte ranges",
          params: serverRecordingTrackParams,
          response: { 404: errorResponse, 410: errorResponse, 416: errorResponse },
        },
      },
      async (request, reply) =>
        sendMedia(
          reply,
          await playbackService.track({
            applicationId: request.params.id,
            track: request.params.track,
            viewer: viewerOf(request),
            ip: request.ip,
            range: request.headers.range,
          }),
        ),
    );
  };
}
