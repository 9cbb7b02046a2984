import {
  CALL_EVENTS,
  errorResponse,
  portalTokenParams,
  sealStatusResponse,
  VERIFY_MAX_BYTES,
  verificationDetails,
  verifyCodeParams,
  verifyResponse,
} from '@mohar/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { PortalService } from '../portal/portal.service.ts';
import { SESSION_ERRORS, SESSION_TAGS, sessionParams } from '../sessions/route-schema.ts';
import type { CallChannel } from '../sessions/signalling.ts';
import { sealingErrors, verifyErrors } from './sealing.errors.ts';
import type { SealingService } from './sealing.service.ts';
import type { VerifyService } from './verify.service.ts';

const empty = z.strictObject({}).optional();

const toStatus = (row: Awaited<ReturnType<SealingService['statusOf']>>) => ({
  status: row ? (row.status as 'running' | 'done' | 'failed') : ('none' as const),
  verificationCode: row?.status === 'done' ? row.verificationCode : null,
  sealedSha256: row?.sealedSha256 ?? null,
  lastError: row?.lastError ?? null,
});

async function sendSealed(
  reply: FastifyReply,
  file: Awaited<ReturnType<SealingService['sealedDocument']>>,
  title: string,
) {
  if (!file) throw sealingErrors.documentNotFound();
  const name = `${
    title
      .replace(/[^\w .-]+/g, '')
      .trim()
      .slice(0, 80) || 'document'
  } (notarised).pdf`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-content-sha256', file.sha256 ?? '')
    .send(file.body);
}

export function sealingRoutes(deps: {
  guard: AuthGuard;
  sealingService: SealingService;
  verifyService: VerifyService;
  applicationsService: ApplicationsService;
  portalService: PortalService;
  channel: CallChannel;
  liveSessionOf: (applicationId: string, notaryId: string) => Promise<void>;
}): FastifyPluginAsyncZod {
  const { guard, sealingService } = deps;
  return async (app) => {
    const tags = SESSION_TAGS;
    const errors = { ...SESSION_ERRORS, 503: errorResponse };
    const notary = guard.requireUser({ roles: ['notary'] });

    app.post(
      '/sessions/:id/seal',
      {
        preHandler: notary,
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary:
            'Attest and seal: the notarial certificate, the certificate page, the PAdES signature (retry-safe)',
          params: sessionParams,
          body: empty,
          response: { 200: sealStatusResponse, ...errors },
        },
      },
      async (request) => {
        const row = await sealingService.seal({
          applicationId: request.params.id,
          notaryId: authOf(request).user.id,
          ip: request.ip,
        });
        deps.channel.toCall(request.params.id, CALL_EVENTS.ended, { status: 'notarised', reason: null });
        return toStatus(row);
      },
    );

    app.get(
      '/sessions/:id/seal',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'Where the seal stands',
          params: sessionParams,
          response: { 200: sealStatusResponse, ...errors },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        await deps.applicationsService.readable(request.params.id, {
          userId: user.id,
          role: user.role,
          organisations: request.viewerOrganisations,
        });
        return toStatus(await sealingService.statusOf(request.params.id));
      },
    );

    app.get(
      '/applications/:id/notarised-document',
      {
        preHandler: guard.requireUser({ adminsNeed: 'applicationRecords' }),
        config: { apiKeyScope: 'documents:read' },
        schema: {
          tags,
          security: [{ session: [] as string[] }, { apiKey: [] as string[] }],
          summary:
            'The notarised PDF (attachment): the owner, the notary, admins, an API key with documents:read',
          params: sessionParams,
        },
      },
      async (request, reply) => {
        const { user } = authOf(request);
        const { row } = await deps.applicationsService.readable(request.params.id, {
          userId: user.id,
          role: user.role,
          organisations: request.viewerOrganisations,
        });
        return sendSealed(reply, await sealingService.sealedDocument(row.id), row.title ?? 'document');
      },
    );

    app.get(
      '/access/:token/notarised-document',
      {
        schema: {
          tags,
          summary: "The notarised PDF from a signatory's personal link",
          params: portalTokenParams,
        },
      },
      async (request, reply) => {
        const { application } = await deps.portalService.resolve(request.params.token);
        return sendSealed(
          reply,
          await sealingService.sealedDocument(application.id),
          application.title ?? 'document',
        );
      },
    );

    app.post(
      '/verify',
      {
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        bodyLimit: VERIFY_MAX_BYTES,
        schema: {
          tags: ['verify'],
          summary:
            'Is this PDF notarised by Mohar and unchanged? (multipart `file`; nothing of it is stored)',
          consumes: ['multipart/form-data'],
          response: { 200: verifyResponse, 400: errorResponse, 429: errorResponse },
        },
      },
      async (request) => {
        let bytes: Buffer | undefined;
        try {
          for await (const part of request.parts({
            limits: { fileSize: VERIFY_MAX_BYTES, files: 1, fields: 0 },
          })) {
            if (part.type === 'file' && part.fieldname === 'file') bytes = await part.toBuffer();
            else if (part.type === 'file') part.file.resume();
          }
        } catch {
          throw verifyErrors.fileUnreadable();
        }
        if (!bytes || bytes.length === 0) throw verifyErrors.fileMissing();
        return deps.verifyService.verifyFile(bytes);
      },
    );

    app.get(
      '/verify/:code',
      {
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          tags: ['verify'],
          summary: 'A notarised document by its verification code (the certificate page QR)',
          params: verifyCodeParams,
          response: { 200: verificationDetails, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request) => {
        const found = await deps.verifyService.byCode(request.params.code);
        if (!found) throw verifyErrors.notFound();
        return found;
      },
    );
  };
}
