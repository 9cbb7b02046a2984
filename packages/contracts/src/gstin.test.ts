import { describe, expect, it } from 'vitest';
import { GST_STATES, gstinCheckCharacter, gstinProblem, isValidGstin } from './gstin.ts';

describe('GSTIN', () => {
  it('accepts real-format GSTINs whose check character is right', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8', '24AAACC1206D1ZM'])
      expect(isValidGstin(gstin), gstin).toBe(true);
  });

  it('computes the mod-36 check character over the first 14 characters', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });

  it('refuses a wrong check character, one changed character, or two swapped ones', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('checksum');
    expect(gstinProblem('27AAPFU0938F1ZV')).toBe('checksum');
    expect(gstinProblem('27AAPFU0993F1ZV')).toBe('checksum');
  });

  it('refuses the wrong shape: length, lower case, PAN pattern, the fixed Z, entity 0', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('format');
    expect(gstinProblem('27aapfu0939f1zv')).toBe('format');
    expect(gstinProblem('27AAPF10939F1ZV')).toBe('format');
    expect(gstinProblem('27AAPFU0939F1XV')).toBe('format');
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe('format');
    expect(gstinProblem('')).toBe('format');
  });

  it('refuses a state code GST does not use', () => {
    const first14 = '28AAPFU0939F1Z';
    expect(gstinProblem(`${first14}${gstinCheckCharacter(first14)}`)).toBe('state');
    expect(GST_STATES['27']).toBe('Maharashtra');
  });
});
