import { describe, expect, it } from 'vitest';
import { aadhaarLikeNumbersIn } from './aadhaar-like.ts';

// Built from parts so that no 12-digit literal sits in the source.
const twelve = ['4821', '7730', '1956'];

describe('finding Aadhaar-like numbers', () => {
  it('finds 12 digits run together or grouped by spaces or hyphens', () => {
    expect(aadhaarLikeNumbersIn(`number ${twelve.join('')} here`)).toEqual([twelve.join('')]);
    expect(aadhaarLikeNumbersIn(`Aadhaar ${twelve.join(' ')}.`)).toEqual([twelve.join(' ')]);
    expect(aadhaarLikeNumbersIn(`{"a":"${twelve.join('-')}"}`)).toEqual([twelve.join('-')]);
  });

  it('ignores the masked form, a mobile number with +91, shorter and longer numbers', () => {
    expect(aadhaarLikeNumbersIn(`XXXX XXXX ${twelve[2]}`)).toEqual([]);
    expect(aadhaarLikeNumbersIn(`+91${'9876543210'} and ${twelve.join('')}7`)).toEqual([]);
  });

  it('ignores the fraction of a decimal number, as in a log line’s response time', () => {
    expect(aadhaarLikeNumbersIn(`{"responseTime":51.${twelve.join('')}}`)).toEqual([]);
    expect(aadhaarLikeNumbersIn(`{"responseTime":51, "n":${twelve.join('')}}`)).toEqual([twelve.join('')]);
  });

  it('ignores hashes and tokens that happen to hold 12 digits in a row', () => {
    expect(aadhaarLikeNumbersIn(`"sha256":"9f${twelve.join('')}ab41c0"`)).toEqual([]);
    expect(aadhaarLikeNumbersIn(`/access/Xy_${twelve.join('')}-Qz/identity`)).toEqual([]);
    // A number standing on its own is still found.
    expect(aadhaarLikeNumbersIn(`id ${twelve.join('')} end`)).toEqual([twelve.join('')]);
  });

  it('ignores record ids whose hex groups happen to be all digits', () => {
    expect(aadhaarLikeNumbersIn(`/application-view/0f3a9c2e-${twelve.join('-')}-9a7be2f1c0d4`)).toEqual([]);
    expect(aadhaarLikeNumbersIn(`id 7c1e55aa-90b2-4c4f-8d21-${twelve.join('')}`)).toEqual([]);
  });
});
