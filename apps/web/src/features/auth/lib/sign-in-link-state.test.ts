import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { signInLinkState } from './sign-in-link-state';

const error = (code: string, status = 400, details?: unknown) =>
  new ApiError({ message: 'x', status, code, details });
const user = {
  _id: 'u1',
  role: 'client' as const,
  name: 'Asha Rao',
  email: 'asha@example.in',
  mobile: '+91 98765 43210',
  emailVerified: true,
  mfaEnabled: false,
  mfaSetupRequired: false,
  adminRoles: [],
  language: null,
};

describe('the sign-in link page', () => {
  it('is checking while the link is being used', () => {
    expect(signInLinkState({ status: 'pending' })).toBe('checking');
  });

  it('signs in, or asks for the second step when the account has two-step verification', () => {
    expect(signInLinkState({ status: 'success', data: { user, message: 'Logged in successfully' } })).toBe(
      'signed-in',
    );
    expect(
      signInLinkState({ status: 'success', data: { mfaRequired: true, message: 'Enter the code' } }),
    ).toBe('second-step');
  });

  it('tells a used or expired link from a truncated one and from other failures', () => {
    expect(signInLinkState({ status: 'error', error: error('auth.token_invalid') })).toBe('expired');
    const truncated = error('request.invalid', 400, [{ path: 'params.token', message: 'Too small' }]);
    expect(signInLinkState({ status: 'error', error: truncated })).toBe('malformed');
    expect(signInLinkState({ status: 'error', error: error('auth.account_suspended', 403) })).toBe('failed');
    expect(signInLinkState({ status: 'error', error: error('request.rate_limited', 429) })).toBe('failed');
    expect(signInLinkState({ status: 'error', error: new Error('Network Error') })).toBe('failed');
  });
});
