import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES } from './error-codes.ts';

describe('the list of error codes', () => {
  it('names each code once, so one code never means two things', () => {
    const seen = new Set<string>();
    const repeated = ALL_ERROR_CODES.filter((code) => seen.has(code) || !seen.add(code));
    expect(repeated).toEqual([]);
  });

  it('holds only dotted lower-case codes (feature.reason)', () => {
    const malformed = ALL_ERROR_CODES.filter((code) => !/^[a-z]+\.[a-z]+(_[a-z]+)*$/.test(code));
    expect(malformed).toEqual([]);
  });
});
