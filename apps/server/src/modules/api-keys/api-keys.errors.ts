import { API_KEY_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const apiKeyErrors = {
  // Unknown, malformed and revoked keys answer alike: a guess learns nothing about which keys existed.
  keyInvalid: () =>
    new AppError({
      statusCode: 401,
      code: API_KEY_ERROR_CODES.keyInvalid,
      message:
        'This API key is not valid: it is mistyped or was revoked, or the person who created it no longer manages the organisation.',
    }),
  scopeMissing: (scope: string) =>
    new AppError({
      statusCode: 403,
      code: API_KEY_ERROR_CODES.scopeMissing,
      message: `This API key may not do this: it needs the "${scope}" permission.`,
    }),
  routeClosed: () =>
    new AppError({
      statusCode: 403,
      code: API_KEY_ERROR_CODES.routeClosed,
      message: 'This address does not accept an API key: it is for people signed in to Mohar.',
    }),
  mixedCredentials: () =>
    new AppError({
      statusCode: 400,
      code: API_KEY_ERROR_CODES.mixedCredentials,
      message:
        'Send either an API key or a signed-in session, not both: remove the cookie or the Authorization header.',
    }),
  idempotencyKeyInvalid: () =>
    new AppError({
      statusCode: 400,
      code: API_KEY_ERROR_CODES.idempotencyKeyInvalid,
      message: 'The Idempotency-Key header must be 1 to 255 visible characters.',
    }),
  idempotencyKeyMissing: () =>
    new AppError({
      statusCode: 400,
      code: API_KEY_ERROR_CODES.idempotencyKeyMissing,
      message:
        'Send an Idempotency-Key header with every POST made with an API key, so a retry cannot do it twice.',
    }),
  idempotencyKeyReused: () =>
    new AppError({
      statusCode: 422,
      code: API_KEY_ERROR_CODES.idempotencyKeyReused,
      message:
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    }),
  idempotencyInProgress: () =>
    new AppError({
      statusCode: 409,
      code: API_KEY_ERROR_CODES.idempotencyInProgress,
      message: 'A request with this Idempotency-Key is still running. Retry in a moment.',
    }),
};

export const keyNotFound = () =>
  new AppError({
    statusCode: 404,
    code: API_KEY_ERROR_CODES.keyNotFound,
    message: 'This API key was not found, or it was revoked already.',
  });
