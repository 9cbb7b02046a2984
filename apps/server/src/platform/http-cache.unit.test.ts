import { describe, expect, it } from 'vitest';
import { matchesEtag, preferredCoding } from './http-cache.ts';

describe('matchesEtag', () => {
  it('compares weakly, in a list, and takes *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('preferredCoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredCoding('gzip, deflate')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('identity')).toBe('identity');
    expect(preferredCoding(undefined)).toBe('identity');
    expect(preferredCoding('*;q=0')).toBe('identity');
  });

  it('answers each value for itself, asked again or among many others', () => {
    for (let round = 0; round < 2; round++) {
      expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
      expect(preferredCoding('gzip, br;q=0')).toBe('gzip');
      for (let i = 0; i < 100; i++) expect(preferredCoding(`x-${i}, gzip;q=0.${(i % 9) + 1}`)).toBe('gzip');
      expect(preferredCoding('br;q=0, gzip;q=0')).toBe('identity');
    }
  });
});
