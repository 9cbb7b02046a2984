import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errorResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RecorderService } from '../recorder/recorder.service.ts';

/**
 * The server recording of a session as a tester gets it (issue 24's acceptance, decision 0086): the stored manifest
 * and every part written into a fresh folder on this machine, as `recorderService.exportTo` writes them for
 * `npm run recording:verify`. Registered with the other test fixtures only (NODE_ENV=test and E2E_FIXTURES=true):
 * no route serves anyone's recording otherwise (playback is another change).
 */
export function recordingExportRoutes(deps: { recorder: RecorderService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/test-fixtures/recordings/:applicationId/export',
      {
        schema: {
          tags: ['test-fixtures'],
          summary:
            "The session's stored recording manifest and its parts, written into a folder (tests only)",
          params: z.strictObject({ applicationId: z.uuid() }),
          response: { 201: z.object({ dir: z.string(), manifestFile: z.string() }), 400: errorResponse },
        },
      },
      async (request, reply) => {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'mohar-e2e-recording-'));
        const manifestFile = await deps.recorder.exportTo(request.params.applicationId, dir, {
          stored: true,
        });
        return reply.status(201).send({ dir, manifestFile });
      },
    );
  };
}
