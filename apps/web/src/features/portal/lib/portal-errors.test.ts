import { PORTAL_ERROR_CODES, PORTAL_STEP_ERROR_CODES } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { LINK_ERROR_CODES, linkErrorCodeOf, linkErrorMessageOf, retryAfterSecondsOf } from './portal-errors';

const apiError = (options: { status: number; code: string; message?: string; details?: unknown }) =>
  new ApiError({ message: options.message ?? 'Server says', ...options });

describe('linkErrorCodeOf', () => {
  it('names the link errors the server sends', () => {
    expect(linkErrorCodeOf(apiError({ status: 404, code: 'portal.link_invalid' }))).toBe(
      'portal.link_invalid',
    );
    expect(linkErrorCodeOf(apiError({ status: 410, code: 'portal.link_expired' }))).toBe(
      'portal.link_expired',
    );
    expect(linkErrorCodeOf(apiError({ status: 410, code: 'portal.link_replaced' }))).toBe(
      'portal.link_replaced',
    );
    expect(linkErrorCodeOf(apiError({ status: 410, code: 'portal.application_closed' }))).toBe(
      'portal.application_closed',
    );
  });

  it('reads a malformed token as a link that opens nothing', () => {
    expect(linkErrorCodeOf(apiError({ status: 400, code: 'request.invalid' }))).toBe('portal.link_invalid');
  });

  it('leaves passing failures to be retried', () => {
    expect(linkErrorCodeOf(apiError({ status: 0, code: 'network.error' }))).toBeNull();
    expect(linkErrorCodeOf(apiError({ status: 500, code: 'internal.error' }))).toBeNull();
    expect(linkErrorCodeOf(new Error('boom'))).toBeNull();
  });

  it('matches the contract’s codes', () => {
    const { invitationNotAllowed: _, ...linkCodes } = PORTAL_ERROR_CODES;
    expect([...LINK_ERROR_CODES].sort()).toEqual(Object.values(linkCodes).sort());
  });
});

describe('linkErrorMessageOf', () => {
  it('shows the server’s text for a link error, but not a validation message', () => {
    expect(
      linkErrorMessageOf(apiError({ status: 410, code: 'portal.link_expired', message: 'Expired.' })),
    ).toBe('Expired.');
    expect(
      linkErrorMessageOf(apiError({ status: 400, code: 'request.invalid', message: 'params.token' })),
    ).toBe(null);
  });
});

describe('retryAfterSecondsOf', () => {
  it('reads the wait from a code asked for too soon', () => {
    const error = apiError({
      status: 429,
      code: PORTAL_STEP_ERROR_CODES.codeTooSoon,
      details: { retryAfterSeconds: 42 },
    });
    expect(retryAfterSecondsOf(error)).toBe(42);
  });

  it('is null when the answer carries no usable wait', () => {
    expect(retryAfterSecondsOf(apiError({ status: 429, code: 'portal.code_locked' }))).toBeNull();
    expect(
      retryAfterSecondsOf(apiError({ status: 429, code: 'x', details: { retryAfterSeconds: 'soon' } })),
    ).toBeNull();
    expect(
      retryAfterSecondsOf(apiError({ status: 429, code: 'x', details: { retryAfterSeconds: 0 } })),
    ).toBeNull();
    expect(retryAfterSecondsOf(new Error('boom'))).toBeNull();
  });
});
