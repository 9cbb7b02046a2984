import { ApiError } from '@/lib/api-errors';

// Kept in step with PORTAL_ERROR_CODES and PORTAL_STEP_ERROR_CODES in @mohar/contracts; plain strings here so this
// module (and its tests) need no schema library.
export const LINK_ERROR_CODES = [
  'portal.link_invalid',
  'portal.link_expired',
  'portal.link_replaced',
  'portal.application_closed',
] as const;
export type LinkErrorCode = (typeof LINK_ERROR_CODES)[number];

/**
 * Why the link itself does not open, or null for a passing failure (no network, a server error) worth retrying.
 * A malformed token (`request.invalid`) is a link that does not open any application, like an unknown one.
 */
export function linkErrorCodeOf(error: unknown): LinkErrorCode | null {
  if (!(error instanceof ApiError)) return null;
  if ((LINK_ERROR_CODES as readonly string[]).includes(error.code)) return error.code as LinkErrorCode;
  if (error.code === 'request.invalid' || error.status === 404) return 'portal.link_invalid';
  return null;
}

/** The server's own, user-ready text for a link error; a malformed token's validation text is not, so it has none. */
export function linkErrorMessageOf(error: unknown): string | null {
  return error instanceof ApiError && (LINK_ERROR_CODES as readonly string[]).includes(error.code)
    ? error.message
    : null;
}

/** From a 429 `portal.code_too_soon`: how long until another code may be asked for. */
export function retryAfterSecondsOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null)
    return null;
  const value = (error.details as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}
