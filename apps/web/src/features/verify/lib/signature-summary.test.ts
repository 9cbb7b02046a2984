import { describe, expect, it } from 'vitest';
import { type PdfSignature, summariseSignature } from './signature-summary';

const signature = (overrides: Partial<PdfSignature> = {}): PdfSignature => ({
  signatureValid: true,
  digestMatches: true,
  coversWholeFile: true,
  signerSubject: 'C=IN, O=Mohar, CN=Asha Verma',
  signerIssuer: 'C=IN, O=Mohar, CN=Mohar Notary CA',
  signedAt: '2026-03-05T08:05:00.000Z',
  ...overrides,
});

describe('summariseSignature', () => {
  it('names the signer and the issuer by their common names', () => {
    expect(summariseSignature(signature())).toEqual({
      isIntact: true,
      coversWholeFile: true,
      signer: 'Asha Verma',
      issuer: 'Mohar Notary CA',
      signedAt: '2026-03-05T08:05:00.000Z',
    });
  });

  it('is not intact when the signature or the digest fails', () => {
    expect(summariseSignature(signature({ signatureValid: false })).isIntact).toBe(false);
    expect(summariseSignature(signature({ digestMatches: false })).isIntact).toBe(false);
  });

  it('says when bytes were added after signing', () => {
    expect(summariseSignature(signature({ coversWholeFile: false })).coversWholeFile).toBe(false);
  });
});
