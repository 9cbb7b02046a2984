import type { LoginResponse } from '@mohar/contracts';
import { isInvalidTokenError, isMalformedTokenError } from './token-error';

/** What the sign-in link page shows. */
export type SignInLinkState =
  | 'checking'
  | 'signed-in'
  /** The account has two-step verification: the same code step as after a password. */
  | 'second-step'
  /** Used already, expired, or replaced by a newer link. */
  | 'expired'
  /** Cut short (a truncated link): the request validation refused it. */
  | 'malformed'
  /** Anything else (offline, the account disabled, too many tries): the server's message. */
  | 'failed';

export function signInLinkState(query: {
  status: 'pending' | 'success' | 'error';
  data?: LoginResponse | undefined;
  error?: unknown;
}): SignInLinkState {
  if (query.status === 'pending') return 'checking';
  if (query.status === 'success') return query.data && 'user' in query.data ? 'signed-in' : 'second-step';
  if (isMalformedTokenError(query.error)) return 'malformed';
  if (isInvalidTokenError(query.error)) return 'expired';
  return 'failed';
}
