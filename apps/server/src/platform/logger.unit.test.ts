import { describe, expect, it } from 'vitest';
import { loggableUrl } from './logger.ts';

describe('URLs in the log', () => {
  it('never carry a link’s token', () => {
    expect(loggableUrl('/api/v1/access/AbC_123-xyz/identity/aadhaar_front')).toBe(
      '/api/v1/access/[token]/identity/aadhaar_front',
    );
    expect(loggableUrl('/api/v1/access/AbC_123-xyz')).toBe('/api/v1/access/[token]');
    expect(loggableUrl('/api/v1/verify-email/tok3n?x=1')).toBe('/api/v1/verify-email/[token]?x=1');
    expect(loggableUrl('/api/v1/password/reset/s3cret')).toBe('/api/v1/password/reset/[token]');
    expect(loggableUrl('/api/v1/support/replies/r3ply')).toBe('/api/v1/support/replies/[token]');
    expect(loggableUrl('/support/reply/r3ply')).toBe('/support/reply/[token]');
    expect(loggableUrl('/newsletter/unsubscribe/id.mac')).toBe('/newsletter/unsubscribe/[token]');
    expect(loggableUrl('/access-application/s3cret')).toBe('/access-application/[token]');
    expect(loggableUrl('/api/v1/login/link/s3cret')).toBe('/api/v1/login/link/[token]');
    expect(loggableUrl('/sign-in-link/s3cret')).toBe('/sign-in-link/[token]');
  });

  it('leaves other paths as they are', () => {
    expect(loggableUrl('/api/v1/verify-email/resend')).toBe('/api/v1/verify-email/resend');
    expect(loggableUrl('/api/v1/applications/5b1c/payment')).toBe('/api/v1/applications/5b1c/payment');
  });
});
