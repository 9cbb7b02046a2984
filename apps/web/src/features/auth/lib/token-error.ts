import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { fieldErrorsOf, hasErrorCode } from '@/lib/api-errors';

/**
 * Whether a failure means the link's token cannot work: used, expired or unknown (`auth.token_invalid`), or so
 * malformed (a truncated link) that the request validation refused its path parameter.
 */
export function isInvalidTokenError(error: unknown): boolean {
  if (hasErrorCode(error, AUTH_ERROR_CODES.tokenInvalid)) return true;
  return hasErrorCode(error, 'request.invalid') && 'params.token' in fieldErrorsOf(error);
}

/** A malformed token's validation message names request internals; the screen says it in plain words instead. */
export function isMalformedTokenError(error: unknown): boolean {
  return isInvalidTokenError(error) && !hasErrorCode(error, AUTH_ERROR_CODES.tokenInvalid);
}
