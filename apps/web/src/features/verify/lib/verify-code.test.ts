import { describe, expect, it } from 'vitest';
import { normaliseVerifyCode } from './verify-code';

describe('normaliseVerifyCode', () => {
  it('keeps a code as printed', () => {
    expect(normaliseVerifyCode('K7Q2M9XH4P')).toBe('K7Q2M9XH4P');
  });

  it('reads a code typed in small letters, with spaces or dashes', () => {
    expect(normaliseVerifyCode(' k7q2-m9xh 4p ')).toBe('K7Q2M9XH4P');
  });

  it('refuses what cannot be a code', () => {
    expect(normaliseVerifyCode(undefined)).toBeNull();
    expect(normaliseVerifyCode('')).toBeNull();
    expect(normaliseVerifyCode('ABC')).toBeNull();
    expect(normaliseVerifyCode('A'.repeat(21))).toBeNull();
    expect(normaliseVerifyCode('K7Q2M9XH4P%2F..')).toBeNull();
  });
});
