import {
  ERROR_CODES,
  type ErrorCode,
  type ErrorResponse,
  type FieldIssue,
  RECORD_ID_MESSAGE,
} from '@mohar/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from './app-error.ts';
import { databaseFailureOf, isBadInputFailure } from './database-errors.ts';

function validationIssues(error: FastifyError): FieldIssue[] {
  const where = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const pointer = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    return { path: pointer ? `${where}.${pointer}` : where, message: issue.message ?? 'Invalid value' };
  });
}

/** The body every failure sends: the contract's shape, with a code from the list. */
type ErrorBody = ErrorResponse & { code: ErrorCode };

/** Fastify's and @fastify/multipart's own refusals of a request's shape; any other client error is a bad request. */
const FASTIFY_CLIENT_ERRORS = new Map<string, ErrorCode>([
  ['FST_ERR_CTP_BODY_TOO_LARGE', ERROR_CODES.tooLarge],
  ['FST_REQ_FILE_TOO_LARGE', ERROR_CODES.tooLarge],
  ['FST_PARTS_LIMIT', ERROR_CODES.tooLarge],
  ['FST_FILES_LIMIT', ERROR_CODES.tooLarge],
  ['FST_FIELDS_LIMIT', ERROR_CODES.tooLarge],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', ERROR_CODES.unsupportedMediaType],
  ['FST_INVALID_MULTIPART_CONTENT_TYPE', ERROR_CODES.unsupportedMediaType],
  ['FST_ERR_NOT_FOUND', ERROR_CODES.routeNotFound],
]);

/** One place that shapes every failure. 4xx explain the caller's mistake; 5xx reveal nothing but the request id. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (isAppError(error)) {
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.details !== undefined) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      // A malformed record id in the path names nothing: 404, like a record the caller cannot see (contracts
      // `recordId`). Other path faults (a malformed link token, unsafe text) stay 400s the web app explains.
      const issues = error.validation ?? [];
      const isMalformedId =
        error.validationContext === 'params' &&
        issues.length > 0 &&
        issues.every((issue) => issue.message === RECORD_ID_MESSAGE);
      if (isMalformedId) {
        return reply.status(404).send({
          message: 'Nothing was found at this address.',
          code: ERROR_CODES.notFound,
        } satisfies ErrorBody);
      }
      const details = validationIssues(error);
      const first = details[0];
      return reply.status(400).send({
        message: first ? `Invalid request: ${first.path} — ${first.message}` : 'Invalid request',
        code: ERROR_CODES.requestInvalid,
        details,
      } satisfies ErrorBody);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        message: 'Too many requests. Please wait a minute and try again.',
        code: ERROR_CODES.rateLimited,
      } satisfies ErrorBody);
    }
    // Fastify's own client errors (malformed JSON, body too large, unsupported media type) are the caller's mistake.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({
        message: error.message,
        code: FASTIFY_CLIENT_ERRORS.get(error.code) ?? ERROR_CODES.badRequest,
      } satisfies ErrorBody);
    }
    // Safety net: a value the database cannot store as its type (class 22) is the caller's input, not our failure.
    // The logger keeps the query's text and values out of the log either way (logger.ts).
    const failure = databaseFailureOf(error);
    if (failure && isBadInputFailure(failure)) {
      request.log.warn({ err: error }, 'request refused by the database');
      return reply.status(400).send({
        message: 'Invalid request',
        code: ERROR_CODES.requestInvalid,
      } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      message: `Something went wrong on our side. Please try again. (reference ${request.id})`,
      code: ERROR_CODES.internal,
      details: { requestId: request.id },
    } satisfies ErrorBody);
  });
}

/**
 * Fastify's `frameworkErrors`: refusals made while routing, before any hook runs — a path that is not valid
 * percent-encoded UTF-8 (400), a path segment past the router's length limit (414). Same shape as every other
 * failure, never cached, and without echoing the path (it may hold a token).
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return reply
    .status(isTooLong ? 414 : 400)
    .header('cache-control', 'no-store')
    .send({
      message: isTooLong ? 'This address is too long.' : 'Invalid request: the address is not valid text.',
      code: isTooLong ? ERROR_CODES.tooLarge : ERROR_CODES.requestInvalid,
    } satisfies ErrorBody);
}
