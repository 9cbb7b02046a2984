import {
  adminNotariesQuery,
  adminNotariesResponse,
  availabilityRequest,
  directoryQuery,
  directoryResponse,
  errorResponse,
  notaryDecisionRequest,
  notaryDetailsRequest,
  notaryDocumentKind,
  notaryProfileResponse,
  registerQuery,
  registerResponse,
  registrationNumberField,
  sealLayoutRequest,
  sealPreviewResponse,
  verifyRegistrationResponse,
} from '@mohar/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { notaryErrors } from './notaries.errors.ts';
import type { NotariesService } from './notaries.service.ts';
import type { RegisterService } from './register.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const idParams = z.strictObject({ id: z.uuid() });
const kindParams = z.strictObject({ kind: notaryDocumentKind });
const emptyBody = z.strictObject({}).optional();
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Private files go out as downloads the browser will not sniff or run. */
function sendFile(
  reply: FastifyReply,
  file: { contentType: string; body: NodeJS.ReadableStream },
  name: string,
) {
  return (
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      // An uploaded PDF opened in the browser runs in a sandbox: no scripts, no same-origin access.
      .header(
        'content-security-policy',
        "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
      )
      .header('cache-control', 'private, no-store')
      .send(file.body)
  );
}

export function notariesRoutes(deps: {
  notariesService: NotariesService;
  registerService: RegisterService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  const { notariesService: service, registerService, guard } = deps;
  return async (app) => {
    const notary = guard.requireUser({ roles: ['notary'] });
    const admin = guard.requireUser({ roles: ['admin'] });

    // ── The notary's own application ──
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

    // ── The notary's register (Form XV) ──
    app.get(
      '/notary/register',
      {
        preHandler: notary,
        schema: {
          tags: ['notaries'],
          summary: 'My notarial register, by date',
          querystring: registerQuery,
          response: { 200: registerResponse, ...errors },
        },
      },
      async (request) => registerService.list({ notaryId: authOf(request).user.id, ...request.query }),
    );

    const exportQuery = z.strictObject({ from: registerQuery.shape.from, to: registerQuery.shape.to });
    app.get(
      '/notary/register/export.csv',
      {
        preHandler: notary,
        schema: { tags: ['notaries'], summary: 'My register as CSV', querystring: exportQuery },
      },
      async (request, reply) => {
        const csv = await registerService.exportCsv({ notaryId: authOf(request).user.id, ...request.query });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="notarial-register.csv"')
          .header('cache-control', 'private, no-store')
          .send(csv);
      },
    );

    app.get(
      '/notary/register/export.pdf',
      {
        preHandler: notary,
        schema: { tags: ['notaries'], summary: 'My register as PDF', querystring: exportQuery },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const profile = await service.getOwnProfile(auth.user.id);
        const pdf = await registerService.exportPdf({
          notaryId: auth.user.id,
          notaryName: profile.fullName ?? auth.user.name,
          registrationNumber: profile.registrationNumber ?? '—',
          ...request.query,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', 'attachment; filename="notarial-register.pdf"')
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    // ── Admins: verify notaries ──
    app.get(
      '/admin/notaries',
      {
        preHandler: admin,
        schema: {
          tags: ['admin'],
          summary: 'Notaries by status, with search and pages',
          querystring: adminNotariesQuery,
          response: { 200: adminNotariesResponse, ...errors },
        },
      },
      async (request) => service.listForAdmin(request.query),
    );

    app.get(
      '/admin/notaries/:id',
      {
        preHandler: admin,
        schema: {
          tags: ['admin'],
          summary: 'One notary application',
          params: idParams,
          response: { 200: notaryProfileResponse, ...errors },
        },
      },
      async (request) => ({ notary: await service.getForAdmin(request.params.id) }),
    );

    app.get(
      '/admin/notaries/:id/documents/:kind',
      {
        preHandler: admin,
        schema: {
          tags: ['admin'],
          summary: 'A file of a notary application',
          params: z.strictObject({ id: z.uuid(), kind: notaryDocumentKind }),
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await service.readDocument({ notaryId: request.params.id, kind: request.params.kind }),
          request.params.kind,
        ),
    );

    for (const action of ['approve', 'reinstate'] as const) {
      app.post(
        `/admin/notaries/:id/${action}`,
        {
          preHandler: admin,
          schema: {
            tags: ['admin'],
            summary: `${action} a notary`,
            params: idParams,
            body: emptyBody,
            response: { 200: notaryProfileResponse, ...errors },
          },
        },
        async (request) => ({
          notary: await service.decide({
            notaryId: request.params.id,
            action,
            actorId: authOf(request).user.id,
          }),
        }),
      );
    }
    for (const action of ['reject', 'suspend'] as const) {
      app.post(
        `/admin/notaries/:id/${action}`,
        {
          preHandler: admin,
          schema: {
            tags: ['admin'],
            summary: `${action} a notary, with a reason`,
            params: idParams,
            body: notaryDecisionRequest,
            response: { 200: notaryProfileResponse, ...errors },
          },
        },
        async (request) => ({
          notary: await service.decide({
            notaryId: request.params.id,
            action,
            actorId: authOf(request).user.id,
            reason: request.body.reason,
          }),
        }),
      );
    }

    // ── Public directory ──
    app.get(
      '/notaries',
      {
        schema: {
          tags: ['notaries'],
          summary: 'Verified notaries who can take work',
          querystring: directoryQuery,
          response: { 200: directoryResponse, 400: errorResponse },
        },
      },
      async (request) => {
        const { onlineOnly, ...rest } = request.query;
        return service.directory({ ...rest, onlineOnly: onlineOnly === 'true' });
      },
    );

    app.get(
      '/notaries/platform-ca.pem',
      {
        schema: {
          tags: ['notaries'],
          summary: "The platform CA's certificate, to check platform-issued signatures",
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'application/x-pem-file')
          .header('content-disposition', 'attachment; filename="mohar-platform-ca.pem"')
          .send(await service.getPlatformCaCertificate()),
    );

    app.get(
      '/notaries/verify',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['notaries'],
          summary: 'Check a registration number against the verified notaries on Mohar',
          querystring: z.strictObject({ registrationNumber: registrationNumberField }),
          response: { 200: verifyRegistrationResponse, 400: errorResponse, 429: errorResponse },
        },
      },
      async (request) => service.verifyRegistration(request.query.registrationNumber),
    );

    app.get(
      '/notaries/:id/photo',
      {
        schema: {
          tags: ['notaries'],
          summary: "A verified notary's photo",
          params: idParams,
          querystring: z.object({ v: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const photo = await service.readDirectoryPhoto(request.params.id);
        return reply
          .header('content-type', photo.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=300')
          .send(photo.body);
      },
    );
  };
}
