import { ERROR_CODES, PORTAL_ERROR_CODES } from '@mohar/contracts/error-codes';
import { ApiError, errorText } from '@/lib/api-errors';

/** The portal codes that mean the link itself does not open (sending a new link is another matter). */
export const LINK_ERROR_CODES = [
  PORTAL_ERROR_CODES.linkInvalid,
  PORTAL_ERROR_CODES.linkExpired,
  PORTAL_ERROR_CODES.linkReplaced,
  PORTAL_ERROR_CODES.applicationClosed,
] as const;
export type LinkErrorCode = (typeof LINK_ERROR_CODES)[number];

/**
 * Why the link itself does not open, or null for a passing failure (no network, a server error) worth retrying.
 * A malformed token (`request.invalid`) is a link that does not open any application, like an unknown one.
 */
export function linkErrorCodeOf(error: unknown): LinkErrorCode | null {
  if (!(error instanceof ApiError)) return null;
  if ((LINK_ERROR_CODES as readonly string[]).includes(error.code)) return error.code as LinkErrorCode;
  if (error.code === ERROR_CODES.requestInvalid || error.status === 404)
    return PORTAL_ERROR_CODES.linkInvalid;
  return null;
}

/** The user-ready text for a link error; a malformed token's validation text is not one, so it has none. */
export function linkErrorMessageOf(error: unknown): string | null {
  return error instanceof ApiError && (LINK_ERROR_CODES as readonly string[]).includes(error.code)
    ? (errorText(error) ?? error.message)
    : null;
}

/** From a 429 `portal.code_too_soon`: how long until another code may be asked for. */
export function retryAfterSecondsOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null)
    return null;
  const value = (error.details as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}
