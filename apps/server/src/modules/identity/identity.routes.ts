import {
  errorResponse,
  IDENTITY_UPLOAD_FIELDS,
  identityKindParams,
  identityReadParams,
  identityReadQuery,
  identityStatusResponse,
  portalTokenParams,
  secureQrText,
} from '@mohar/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { identityErrors } from './identity.errors.ts';
import type { IdentityService } from './identity.service.ts';

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** An identity image, never cached, never sniffed, opened in a sandbox if it is a PDF. */
function sendImage(reply: FastifyReply, file: { contentType: string; body: NodeJS.ReadableStream }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:")
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/** The multipart body: the image (`file`) and, from a live scan, the QR's text (`qrText`). Nothing else. */
async function readUpload(request: FastifyRequest) {
  let file: { bytes: Buffer; fileName: string } | undefined;
  let qrText: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 1 } })) {
      if (part.type === 'file' && part.fieldname === 'file') {
        const bytes = await part.toBuffer();
        file = { bytes, fileName: part.filename ?? '' };
      } else if (part.type === 'field' && part.fieldname === 'qrText') {
        const parsed = secureQrText.safeParse(String(part.value ?? ''));
        if (!parsed.success)
          throw identityErrors.fileInvalid('The QR code read by the camera is not a Secure QR.');
        qrText = parsed.data;
      } else {
        if (part.type === 'file') part.file.resume();
        throw identityErrors.fileInvalid(
          `Unknown field "${part.fieldname}": send only ${IDENTITY_UPLOAD_FIELDS.join(' and ')}.`,
        );
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw identityErrors.fileTooLarge('The file is larger than 10 MB. Upload a smaller one.');
    throw identityErrors.fileInvalid('Choose a photo or a file to upload.');
  }
  if (!file) throw identityErrors.fileInvalid('Choose a photo or a file to upload.');
  return { ...file, qrText };
}

export function identityRoutes(deps: {
  identityService: IdentityService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  const { identityService, guard } = deps;
  return async (app) => {
    const tags = ['identity'];
    const errors = {
      400: errorResponse,
      404: errorResponse,
      409: errorResponse,
      410: errorResponse,
      413: errorResponse,
      429: errorResponse,
    };

    app.get(
      '/access/:token/identity',
      {
        schema: {
          tags,
          summary: "The signatory's identity images and the Secure QR result",
          params: portalTokenParams,
          response: { 200: identityStatusResponse, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return identityService.status(request.params.token);
      },
    );

    app.put(
      '/access/:token/identity/:kind',
      {
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary:
            'Add the front or back of the Aadhaar card (JPEG, PNG or PDF) or a selfie (multipart field "file")',
          consumes: ['multipart/form-data'],
          params: identityKindParams,
          response: { 200: identityStatusResponse, ...errors },
        },
      },
      async (request) => {
        const { bytes, fileName, qrText } = await readUpload(request);
        if (qrText !== undefined && request.params.kind !== 'aadhaar_back')
          throw identityErrors.fileInvalid('A QR code is only read from the back of the card.');
        return identityService.upload({
          token: request.params.token,
          kind: request.params.kind,
          bytes,
          fileName,
          qrText,
        });
      },
    );

    app.get(
      '/access/:token/identity/:kind',
      {
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: { tags, summary: "The signatory's own identity image (logged)", params: identityKindParams },
      },
      async (request, reply) =>
        sendImage(
          reply,
          await identityService.readOwn({
            token: request.params.token,
            kind: request.params.kind,
            ip: request.ip,
          }),
        ),
    );

    app.get(
      '/applications/:id/signatories/:signatoryId/identity/:kind',
      {
        // An admin proves who they are again after 5 minutes (step-up, decision 0054); the session's notary does not.
        preHandler: guard.requireUser({
          roles: ['notary', 'admin'],
          adminsNeed: 'identityImages',
          stepUp: true,
        }),
        config: { rateLimit: { max: 120, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: "A signatory's identity image: the session's notary, or an admin with ?reason= (logged)",
          params: identityReadParams,
          querystring: identityReadQuery,
        },
      },
      async (request, reply) => {
        const { user } = authOf(request);
        return sendImage(
          reply,
          await identityService.readForApplication({
            applicationId: request.params.id,
            signatoryId: request.params.signatoryId,
            kind: request.params.kind,
            viewer: { userId: user.id, role: user.role, adminRoles: user.adminRoles },
            reason: request.query.reason,
            ip: request.ip,
          }),
        );
      },
    );

    app.post(
      '/access/:token/identity/submit',
      {
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Submit the three images: the signatory is verified, or left to the notary to check',
          params: portalTokenParams,
          body: z.strictObject({}).optional(),
          response: { 200: identityStatusResponse, ...errors },
        },
      },
      async (request) => identityService.submit({ token: request.params.token, ip: request.ip }),
    );
  };
}
