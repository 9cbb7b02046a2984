import { describe, expect, it } from 'vitest';
import { bytesOfMegabytes, checkDocumentFile, hasPdfSignature, percentOf } from './document-check';

const maxBytes = bytesOfMegabytes(25);

describe('the check before a document is uploaded', () => {
  it('accepts a PDF within the limit', () => {
    expect(
      checkDocumentFile({ file: { name: 'deed.pdf', type: 'application/pdf', size: 1000 }, maxBytes }),
    ).toBeNull();
  });

  it('accepts a .pdf the browser gives no type to', () => {
    expect(checkDocumentFile({ file: { name: 'DEED.PDF', type: '', size: 1000 }, maxBytes })).toBeNull();
  });

  it('refuses what is not a PDF by name or type', () => {
    expect(
      checkDocumentFile({ file: { name: 'deed.docx', type: 'application/msword', size: 1000 }, maxBytes }),
    ).toBe('not_pdf');
  });

  it('refuses an empty file and one over the limit', () => {
    expect(checkDocumentFile({ file: { name: 'a.pdf', type: 'application/pdf', size: 0 }, maxBytes })).toBe(
      'empty',
    );
    expect(
      checkDocumentFile({ file: { name: 'a.pdf', type: 'application/pdf', size: maxBytes + 1 }, maxBytes }),
    ).toBe('too_large');
    expect(
      checkDocumentFile({ file: { name: 'a.pdf', type: 'application/pdf', size: maxBytes }, maxBytes }),
    ).toBeNull();
  });

  it('reads the PDF header from the first bytes', () => {
    expect(hasPdfSignature(new TextEncoder().encode('%PDF-1.7\n'))).toBe(true);
    expect(hasPdfSignature(new TextEncoder().encode('PK\u0003\u0004'))).toBe(false);
    expect(hasPdfSignature(new Uint8Array())).toBe(false);
  });

  it('shows progress in whole percent', () => {
    expect(percentOf(0.424)).toBe(42);
    expect(percentOf(1.2)).toBe(100);
    expect(percentOf(-1)).toBe(0);
  });
});
