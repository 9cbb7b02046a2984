import {
  CALL_EVENTS,
  errorResponse,
  portalTokenParams,
  SIGNATURE_IMAGE_MAX_BYTES,
  SIGNATURE_UPLOAD_FIELDS,
  signatureFields,
  signingOrderRequest,
  signingStateResponse,
} from '@mohar/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { PortalService } from '../portal/portal.service.ts';
import { SESSION_ERRORS, SESSION_TAGS, sessionParams } from '../sessions/route-schema.ts';
import type { CallChannel } from '../sessions/signalling.ts';
import { signingErrors } from './signing.errors.ts';
import type { SigningService } from './signing.service.ts';

/** The multipart body: `method` and `declaration` (fields), then the image (`file`). Nothing else. */
async function readSignature(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: SIGNATURE_IMAGE_MAX_BYTES, files: 1, fields: 2 },
    })) {
      if (part.type === 'file' && part.fieldname === 'file') image = await part.toBuffer();
      else if (part.type === 'field' && (part.fieldname === 'method' || part.fieldname === 'declaration'))
        fields[part.fieldname] = String(part.value ?? '');
      else {
        if (part.type === 'file') part.file.resume();
        throw signingErrors.invalidImage(
          `Unknown field "${part.fieldname}": send only ${SIGNATURE_UPLOAD_FIELDS.join(', ')}.`,
        );
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw signingErrors.invalidImage('The signature image must be at most 1 MB.');
    throw signingErrors.invalidImage('Send your signature as an image.');
  }
  const parsed = signatureFields.safeParse(fields);
  if (!parsed.success)
    throw signingErrors.invalidImage(parsed.error.issues[0]?.message ?? 'Invalid signature.');
  if (!image) throw signingErrors.invalidImage('Send your signature as an image.');
  return { ...parsed.data, image };
}

function sendPdf(reply: FastifyReply, document: { bytes: Buffer; sha256: string; version: number }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-document-sha256', document.sha256)
    .header('x-document-version', String(document.version))
    .send(document.bytes);
}

export function signingRoutes(deps: {
  guard: AuthGuard;
  signingService: SigningService;
  portalService: PortalService;
  channel: CallChannel;
  /** The session's notary (or 404), for the notary's routes. */
  liveSessionOf: (applicationId: string, notaryId: string) => Promise<void>;
}): FastifyPluginAsyncZod {
  const { guard, signingService, channel } = deps;
  return async (app) => {
    const tags = SESSION_TAGS;
    const errors = SESSION_ERRORS;
    const notary = guard.requireUser({ roles: ['notary'] });
    const forSignatory = async (token: string) => {
      const { application, me } = await deps.portalService.resolve(token);
      return { applicationId: application.id, signatoryId: me.id };
    };

    app.get(
      '/sessions/:id/signing',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'Who signs when, who has signed',
          params: sessionParams,
          response: { 200: signingStateResponse, ...errors },
        },
      },
      async (request) => {
        await deps.liveSessionOf(request.params.id, authOf(request).user.id);
        return signingService.state(request.params.id);
      },
    );

    app.get(
      '/access/:token/signing',
      {
        schema: {
          tags,
          summary: "The signing order, from a signatory's link",
          params: portalTokenParams,
          response: { 200: signingStateResponse, ...errors, 410: errorResponse },
        },
      },
      async (request) => signingService.state((await forSignatory(request.params.token)).applicationId),
    );

    app.get(
      '/sessions/:id/document',
      {
        preHandler: notary,
        schema: { tags, summary: 'The document as it stands in the session (PDF)', params: sessionParams },
      },
      async (request, reply) => {
        await deps.liveSessionOf(request.params.id, authOf(request).user.id);
        return sendPdf(reply, await signingService.currentDocument(request.params.id));
      },
    );

    app.get(
      '/access/:token/session/document',
      {
        schema: {
          tags,
          summary: "The document as it stands in the session, from a signatory's link",
          params: portalTokenParams,
        },
      },
      async (request, reply) => {
        const { applicationId } = await forSignatory(request.params.token);
        return sendPdf(reply, await signingService.currentDocument(applicationId));
      },
    );

    app.post(
      '/access/:token/signature',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary:
            'Sign: multipart `method`, `declaration`, `file` (PNG or JPEG); in turn, once the notary confirmed you',
          consumes: ['multipart/form-data'],
          params: portalTokenParams,
          response: { 200: signingStateResponse, ...errors, 410: errorResponse },
        },
      },
      async (request) => {
        const { applicationId, signatoryId } = await forSignatory(request.params.token);
        const signature = await readSignature(request);
        const { state, message } = await signingService.sign({
          applicationId,
          signatoryId,
          method: signature.method,
          image: signature.image,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        channel.toCall(applicationId, CALL_EVENTS.signed, message);
        return state;
      },
    );

    app.put(
      '/sessions/:id/signing-order',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'Change the signing order (those who signed keep their place)',
          params: sessionParams,
          body: signingOrderRequest,
          response: { 200: signingStateResponse, ...errors },
        },
      },
      async (request) => {
        const state = await signingService.reorder({
          applicationId: request.params.id,
          notaryId: authOf(request).user.id,
          signatoryIds: request.body.signatoryIds,
        });
        channel.toCall(request.params.id, CALL_EVENTS.signed, {
          signatoryId: null,
          version: state.version,
          state,
        });
        return state;
      },
    );
  };
}
