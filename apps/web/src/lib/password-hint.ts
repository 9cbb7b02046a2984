import { PASSWORD_MIN_LENGTH } from '@mohar/contracts/constants';

export type PasswordHint = 'empty' | 'tooShort' | 'fair' | 'strong';

/** Long passphrases are what make a password strong (NIST SP 800-63B), so the hint looks at length only. */
const STRONG_LENGTH = 14;

/** A light hint while typing; the rule itself (length, not a common password) is the server's. */
export function passwordHint(password: string): PasswordHint {
  if (password.length === 0) return 'empty';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  return password.length >= STRONG_LENGTH ? 'strong' : 'fair';
}
