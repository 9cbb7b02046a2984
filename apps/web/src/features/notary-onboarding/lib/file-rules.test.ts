import { describe, expect, it } from 'vitest';
import { acceptOf, checkDocumentFile, MAX_UPLOAD_BYTES } from './file-rules';

describe('checking a file before it is uploaded', () => {
  it('a PDF is fine for the certificate of practice but not for the photo', () => {
    const pdf = { type: 'application/pdf', size: 20_000 };
    expect(checkDocumentFile({ kind: 'certificate', file: pdf })).toBeNull();
    expect(checkDocumentFile({ kind: 'photo', file: pdf })).toBe('wrong_type');
  });

  it('over 10 MB is refused, exactly 10 MB is not', () => {
    expect(
      checkDocumentFile({ kind: 'photo', file: { type: 'image/png', size: MAX_UPLOAD_BYTES + 1 } }),
    ).toBe('too_large');
    expect(
      checkDocumentFile({ kind: 'photo', file: { type: 'image/png', size: MAX_UPLOAD_BYTES } }),
    ).toBeNull();
  });

  it('an empty file is refused; an unknown browser type is left to the server', () => {
    expect(checkDocumentFile({ kind: 'signature', file: { type: 'image/png', size: 0 } })).toBe('empty');
    expect(checkDocumentFile({ kind: 'signature', file: { type: '', size: 10 } })).toBeNull();
  });

  it('the picker offers the types and their extensions', () => {
    expect(acceptOf('photo')).toBe('image/jpeg,.jpg,.jpeg,image/png,.png');
  });
});
