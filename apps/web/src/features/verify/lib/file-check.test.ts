import { VERIFY_MAX_BYTES } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { checkVerifyFile, findFileProblem, hasPdfSignature } from './file-check';

const pdf = (size: number, name = 'lease (notarised).pdf', type = 'application/pdf') => ({
  name,
  type,
  size,
});

describe('checkVerifyFile', () => {
  it('accepts a PDF up to 50 MB', () => {
    expect(checkVerifyFile(pdf(1200))).toBeNull();
    expect(checkVerifyFile(pdf(VERIFY_MAX_BYTES))).toBeNull();
  });

  it('accepts a PDF the browser gives no type for, by its name', () => {
    expect(checkVerifyFile(pdf(1200, 'LEASE.PDF', ''))).toBeNull();
  });

  it('leaves a file with neither type nor .pdf name to its first bytes (saved from a chat app)', async () => {
    expect(checkVerifyFile(pdf(1200, 'download', ''))).toBeNull();
  });

  it('refuses a file that is not a PDF', () => {
    expect(checkVerifyFile(pdf(1200, 'lease.docx', 'application/msword'))).toBe('not_pdf');
  });

  it('refuses an empty file', () => {
    expect(checkVerifyFile(pdf(0))).toBe('empty');
  });

  it('refuses a file over 50 MB', () => {
    expect(checkVerifyFile(pdf(VERIFY_MAX_BYTES + 1))).toBe('too_large');
  });
});

describe('hasPdfSignature', () => {
  it('recognises the %PDF- header', () => {
    expect(hasPdfSignature(new TextEncoder().encode('%PDF-1.7\n'))).toBe(true);
  });

  it('refuses anything else, and a file shorter than the header', () => {
    expect(hasPdfSignature(new TextEncoder().encode('PK\u0003\u0004'))).toBe(false);
    expect(hasPdfSignature(new TextEncoder().encode('%PD'))).toBe(false);
  });
});

describe('findFileProblem', () => {
  it('passes a real PDF header', async () => {
    const file = new File(['%PDF-1.7\n%…'], 'ok.pdf', { type: 'application/pdf' });
    expect(await findFileProblem(file)).toBeNull();
  });

  it('catches a file renamed to .pdf', async () => {
    const file = new File(['PK\u0003\u0004 word document'], 'renamed.pdf', { type: 'application/pdf' });
    expect(await findFileProblem(file)).toBe('not_pdf');
  });
});
