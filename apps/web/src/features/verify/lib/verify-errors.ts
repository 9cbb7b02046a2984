import { VERIFY_ERROR_CODES } from '@mohar/contracts/error-codes';
import { ApiError, hasErrorCode } from '@/lib/api-errors';

/** How a failed check is told: each kind has its own sentence and what to do next. */
export type VerifyFailure = 'rate_limited' | 'too_large' | 'invalid' | 'network' | 'other';

/** 429 comes from the rate limit (30 checks in 10 minutes); 413 from the body limit before the route reads the file. */
export function verifyFailureOf(error: unknown): VerifyFailure {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 429) return 'rate_limited';
  if (error.status === 413) return 'too_large';
  if (error.status === 0) return 'network';
  if (hasErrorCode(error, VERIFY_ERROR_CODES.invalid)) return 'invalid';
  return 'other';
}

/** GET /verify/:code: a code nobody was given (404) or one that cannot be a code (400) both mean "not ours". */
export const isUnknownCode = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
