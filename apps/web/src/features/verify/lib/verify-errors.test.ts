import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { isUnknownCode, verifyFailureOf } from './verify-errors';

const apiError = (status: number, code: string) => new ApiError({ message: 'x', status, code });

describe('verifyFailureOf', () => {
  it('tells the rate limit apart', () => {
    expect(verifyFailureOf(apiError(429, 'rate_limit.exceeded'))).toBe('rate_limited');
  });

  it('tells a file over the size limit apart', () => {
    expect(verifyFailureOf(apiError(413, 'request.too_large'))).toBe('too_large');
  });

  it("passes on the server's own refusal of the file", () => {
    expect(verifyFailureOf(apiError(400, 'verify.invalid'))).toBe('invalid');
  });

  it('tells a lost connection apart', () => {
    expect(verifyFailureOf(apiError(0, 'network.error'))).toBe('network');
  });

  it('anything else is a plain failure', () => {
    expect(verifyFailureOf(apiError(500, 'internal.error'))).toBe('other');
    expect(verifyFailureOf(new Error('boom'))).toBe('other');
  });
});

describe('isUnknownCode', () => {
  it('reads 404 and 400 as a code that is not ours', () => {
    expect(isUnknownCode(apiError(404, 'verify.not_found'))).toBe(true);
    expect(isUnknownCode(apiError(400, 'request.invalid'))).toBe(true);
  });

  it('does not read a failure to answer as "not ours"', () => {
    expect(isUnknownCode(apiError(429, 'rate_limit.exceeded'))).toBe(false);
    expect(isUnknownCode(apiError(500, 'internal.error'))).toBe(false);
  });
});
