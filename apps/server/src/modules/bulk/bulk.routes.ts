import {
  BULK_LIMITS,
  bulkImportListResponse,
  bulkImportParams,
  bulkImportResponse,
  errorResponse,
  recordIdParams,
} from '@mohar/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import { applicationErrors } from '../applications/applications.errors.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { bulkErrors } from './bulk.errors.ts';
import type { BulkService } from './bulk.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** The PDF and the CSV from one multipart request; each bounded before it is read whole. */
async function readUpload(request: FastifyRequest, maxDocumentBytes: number) {
  let document: { bytes: Buffer; fileName?: string } | undefined;
  let csv: string | undefined;
  const parts = request.parts({ limits: { files: 2, fields: 0, fileSize: maxDocumentBytes } });
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'document') document = { bytes, fileName: part.filename };
      else if (part.fieldname === 'signatories') {
        if (bytes.length > BULK_LIMITS.csvBytes) throw bulkErrors.filesMissing();
        csv = bytes.toString('utf8');
      }
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw applicationErrors.documentTooLarge(Math.round(maxDocumentBytes / 1024 / 1024));
    throw error;
  }
  if (!document || csv === undefined) throw bulkErrors.filesMissing();
  return { document, csv };
}

/** Bulk creation of an organisation's drafts (decision 0074). */
export function bulkRoutes(deps: {
  bulkService: BulkService;
  guard: AuthGuard;
  config: AppConfig;
}): FastifyPluginAsyncZod {
  const { bulkService: service, guard, config } = deps;
  const maxDocumentBytes = config.documentLimits.maxMegabytes * 1024 * 1024;
  return async (app) => {
    const client = guard.requireUser({ roles: ['client'] });
    const tags = ['organisations'];
    const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

    app.get(
      '/bulk-imports/template.csv',
      {
        preHandler: client,
        schema: { tags, summary: 'The CSV template for bulk creation, with example rows' },
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="mohar-bulk-signatories.csv"')
          .send(service.template()),
    );

    app.post(
      '/organisations/:id/bulk-imports',
      {
        preHandler: client,
        config: { rateLimit: perSessionLimit({ max: 20, timeWindow: '1 hour' }) },
        schema: {
          tags,
          summary:
            'Create drafts from one PDF (multipart field "document") and a CSV of signatories (field "signatories"); all or nothing',
          consumes: ['multipart/form-data'],
          params: recordIdParams,
          response: {
            201: bulkImportResponse,
            413: errorResponse,
            422: errorResponse,
            429: errorResponse,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const userId = userIdOf(request);
        await service.assertMember(request.params.id, userId);
        const upload = await readUpload(request, maxDocumentBytes);
        const bulkImport = await service.create({
          organisationId: request.params.id,
          userId,
          ip: request.ip,
          ...upload,
        });
        return reply.status(201).send({ bulkImport });
      },
    );

    app.get(
      '/organisations/:id/bulk-imports',
      {
        preHandler: client,
        schema: {
          tags,
          summary: "The organisation's bulk imports (owners and admins all, members their own), newest first",
          params: recordIdParams,
          response: { 200: bulkImportListResponse, ...errors },
        },
      },
      async (request) => ({
        imports: await service.list({ organisationId: request.params.id, userId: userIdOf(request) }),
      }),
    );

    app.get(
      '/organisations/:id/bulk-imports/:importId',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'One bulk import and the drafts it created',
          params: bulkImportParams,
          response: { 200: bulkImportResponse, ...errors },
        },
      },
      async (request) => ({
        bulkImport: await service.get({
          organisationId: request.params.id,
          importId: request.params.importId,
          userId: userIdOf(request),
        }),
      }),
    );
  };
}
