import { describe, expect, it } from 'vitest';
import { notarisedDownloadStateOf, notarisedFileName } from './notarised-document';

describe('notarisedFileName', () => {
  it('names the file after the application, marked as notarised', () => {
    expect(notarisedFileName('Rent agreement')).toBe('Rent agreement (notarised).pdf');
  });

  it('drops characters a file system refuses and keeps letters of any script', () => {
    expect(notarisedFileName('Lease: 2025/26 "final"?')).toBe('Lease 2025 26 final (notarised).pdf');
    expect(notarisedFileName('किरायानामा')).toBe('किरायानामा (notarised).pdf');
  });

  it('does not start a name with a dot (a hidden file)', () => {
    expect(notarisedFileName('..profile')).toBe('profile (notarised).pdf');
  });

  it('caps a long title at 80 characters', () => {
    expect(notarisedFileName('a'.repeat(200))).toBe(`${'a'.repeat(80)} (notarised).pdf`);
  });

  it('falls back to "document" for a missing or empty title', () => {
    expect(notarisedFileName(null)).toBe('document (notarised).pdf');
    expect(notarisedFileName('  //  ')).toBe('document (notarised).pdf');
  });
});

describe('notarisedDownloadStateOf', () => {
  it('offers the download once notarised', () => {
    expect(notarisedDownloadStateOf('notarised')).toBe('ready');
  });

  it('shows a waiting button while the application can still be notarised', () => {
    expect(notarisedDownloadStateOf('awaiting_payment')).toBe('pending');
    expect(notarisedDownloadStateOf('in_session')).toBe('pending');
  });

  it('shows nothing for a draft or an application that ended without a seal', () => {
    for (const status of ['draft', 'cancelled', 'failed', 'rejected'] as const)
      expect(notarisedDownloadStateOf(status)).toBe('none');
  });
});
