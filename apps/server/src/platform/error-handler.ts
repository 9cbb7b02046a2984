import { ERROR_CODES, type ErrorResponse, type FieldIssue } from '@mohar/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from './app-error.ts';

function validationIssues(error: FastifyError): FieldIssue[] {
  const where = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const pointer = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    return { path: pointer ? `${where}.${pointer}` : where, message: issue.message ?? 'Invalid value' };
  });
}

/** One place that shapes every failure. 4xx explain the caller's mistake; 5xx reveal nothing but the request id. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (isAppError(error)) {
      const body: ErrorResponse = { message: error.message, code: error.code };
      if (error.details !== undefined) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const details = validationIssues(error);
      const first = details[0];
      return reply.status(400).send({
        message: first ? `Invalid request: ${first.path} — ${first.message}` : 'Invalid request',
        code: ERROR_CODES.requestInvalid,
        details,
      } satisfies ErrorResponse);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        message: 'Too many requests. Please wait a minute and try again.',
        code: ERROR_CODES.rateLimited,
      });
    }
    // Fastify's own client errors (malformed JSON, body too large, unsupported media type) are the caller's mistake.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({
        message: error.message,
        code: `request.${(error.code ?? 'bad_request').toLowerCase().replace(/^fst_err_/, '')}`,
      } satisfies ErrorResponse);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      message: `Something went wrong on our side. Please try again. (reference ${request.id})`,
      code: ERROR_CODES.internal,
      details: { requestId: request.id },
    } satisfies ErrorResponse);
  });
}
