import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { isInvalidTokenError, isMalformedTokenError } from './token-error';

const error = (code: string, details?: unknown) => new ApiError({ message: 'x', status: 400, code, details });

describe('link token failures', () => {
  it('a used, expired or unknown token is invalid, as is one the request validation refused', () => {
    expect(isInvalidTokenError(error('auth.token_invalid'))).toBe(true);
    const malformed = error('request.invalid', [{ path: 'params.token', message: 'Too small' }]);
    expect(isInvalidTokenError(malformed)).toBe(true);
    expect(isMalformedTokenError(malformed)).toBe(true);
    expect(isMalformedTokenError(error('auth.token_invalid'))).toBe(false);
  });

  it('other failures are not about the link', () => {
    expect(isInvalidTokenError(error('request.invalid', [{ path: 'body.password', message: 'short' }]))).toBe(
      false,
    );
    expect(isInvalidTokenError(error('auth.password_weak'))).toBe(false);
    expect(isInvalidTokenError(new Error('Network Error'))).toBe(false);
  });
});
