import {
  availabilityRequest,
  errorResponse,
  notaryDetailsRequest,
  notaryProfileResponse,
  sealLayoutRequest,
  sealPreviewResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import { authOf } from '../auth/auth.guard.ts';
import { notaryErrors } from './notaries.errors.ts';
import type { NotaryRoutesDeps } from './notaries.routes.ts';
import { emptyBody, errors, kindParams, MAX_UPLOAD_BYTES, sendFile } from './route-helpers.ts';

/** The notary's own application: profile, documents, signing certificate, seal, submission, availability. */
export function notaryProfileRoutes(deps: NotaryRoutesDeps): FastifyPluginAsyncZod {
  const { notariesService: service, guard } = deps;
  return async (app) => {
    const notary = guard.requireUser({ roles: ['notary'] });
    app.get(
      '/notary/profile',
      {
        preHandler: notary,
        schema: {
          tags: ['notaries'],
          summary: 'My notary application',
          response: { 200: notaryProfileResponse, ...errors },
        },
      },
      async (request) => ({ notary: await service.getOwnProfile(authOf(request).user.id) }),
    );

    app.patch(
      '/notary/profile',
      {
        preHandler: notary,
        schema: {
          tags: ['notaries'],
          summary: 'Save onboarding details (any subset)',
          body: notaryDetailsRequest,
          response: { 200: notaryProfileResponse, ...errors },
        },
      },
      async (request) => ({
        notary: await service.saveDetails({ userId: authOf(request).user.id, details: request.body }),
      }),
    );

    app.put(
      '/notary/profile/documents/:kind',
      {
        preHandler: notary,
        config: { rateLimit: perSessionLimit({ max: 30, timeWindow: '10 minutes' }) },
        schema: {
          tags: ['notaries'],
          summary:
            'Upload the certificate of practice, photo, signature specimen or seal (multipart field "file")',
          consumes: ['multipart/form-data'],
          params: kindParams,
          response: { 200: notaryProfileResponse, 413: errorResponse, 429: errorResponse, ...errors },
        },
      },
      async (request) => {
        const file = await request
          .file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })
          .catch(() => undefined);
        if (!file) throw notaryErrors.fileInvalid('Choose a file to upload.');
        const bytes = await file.toBuffer().catch(() => {
          throw notaryErrors.fileInvalid('The file is larger than 10 MB. Upload a smaller file.');
        });
        return {
          notary: await service.uploadDocument({
            userId: authOf(request).user.id,
            kind: request.params.kind,
            bytes,
            fileName: file.filename,
          }),
        };
      },
    );

    app.get(
      '/notary/profile/documents/:kind',
      {
        preHandler: notary,
        schema: { tags: ['notaries'], summary: 'One of my uploaded files', params: kindParams },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await service.readDocument({ notaryId: authOf(request).user.id, kind: request.params.kind }),
          request.params.kind,
        ),
    );

    app.put(
      '/notary/profile/signing-certificate',
      {
        preHandler: notary,
        config: { rateLimit: perSessionLimit({ max: 20, timeWindow: '10 minutes' }) },
        schema: {
          tags: ['notaries'],
          summary: 'Upload my PKCS#12 signing certificate (multipart fields "passphrase" and "file")',
          consumes: ['multipart/form-data'],
          response: { 200: notaryProfileResponse, 429: errorResponse, ...errors },
        },
      },
      async (request) => {
        let passphrase = '';
        let p12: Buffer | undefined;
        try {
          for await (const part of request.parts({ limits: { fileSize: 128 * 1024, files: 1, fields: 2 } })) {
            if (part.type === 'file') p12 = await part.toBuffer();
            else if (part.fieldname === 'passphrase') passphrase = String(part.value ?? '');
          }
        } catch {
          throw notaryErrors.certificateInvalid(
            'The certificate file is too large. A .p12 or .pfx file is a few kilobytes.',
          );
        }
        if (!p12 || p12.length === 0)
          throw notaryErrors.certificateInvalid('Choose your .p12 or .pfx certificate file.');
        return {
          notary: await service.uploadSigningCertificate({
            userId: authOf(request).user.id,
            p12,
            passphrase,
          }),
        };
      },
    );

    app.post(
      '/notary/profile/signing-certificate/platform',
      {
        preHandler: notary,
        config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
        schema: {
          tags: ['notaries'],
          summary:
            'Have the platform CA issue my signing certificate (labelled platform-issued; not a licensed CA)',
          body: emptyBody,
          response: { 200: notaryProfileResponse, 429: errorResponse, ...errors },
        },
      },
      async (request) => ({ notary: await service.issuePlatformCertificate(authOf(request).user.id) }),
    );

    app.post(
      '/notary/profile/seal/preview',
      {
        preHandler: notary,
        schema: {
          tags: ['notaries'],
          summary: 'The generated seal as SVG, for a live preview',
          body: sealLayoutRequest,
          response: { 200: sealPreviewResponse, ...errors },
        },
      },
      async (request) => service.previewSeal({ userId: authOf(request).user.id, layout: request.body }),
    );

    app.post(
      '/notary/profile/seal/generate',
      {
        preHandler: notary,
        schema: {
          tags: ['notaries'],
          summary: 'Draw the seal from my details and keep it as my seal',
          body: sealLayoutRequest,
          response: { 200: notaryProfileResponse, ...errors },
        },
      },
      async (request) => ({
        notary: await service.generateSeal({ userId: authOf(request).user.id, layout: request.body }),
      }),
    );

    app.post(
      '/notary/profile/submit',
      {
        preHandler: notary,
        schema: {
          tags: ['notaries'],
          summary: 'Submit the application for verification',
          body: emptyBody,
          response: { 200: notaryProfileResponse, ...errors },
        },
      },
      async (request) => ({ notary: await service.submit(authOf(request).user.id) }),
    );

    app.put(
      '/notary/availability',
      {
        preHandler: notary,
        schema: {
          tags: ['notaries'],
          summary: 'Go online or offline; working hours inside service hours',
          body: availabilityRequest,
          response: { 200: notaryProfileResponse, ...errors },
        },
      },
      async (request) => ({
        notary: await service.setAvailability({
          userId: authOf(request).user.id,
          availability: request.body,
        }),
      }),
    );
  };
}
