// What the notaries' route files share: error responses, params, the upload limit, private file replies.
import { errorResponse, notaryDocumentKind, recordIdParams } from '@mohar/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
export const idParams = recordIdParams;
export const kindParams = z.strictObject({ kind: notaryDocumentKind });
export const emptyBody = z.strictObject({}).optional();
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Private files go out as downloads the browser will not sniff or run. */
export function sendFile(
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
