import { describe, expect, it } from 'vitest';
import { paiseToRupees, rupeesToPaise } from './rupees';

describe('rupeesToPaise', () => {
  it('reads whole rupees and rupees with paise exactly', () => {
    expect(rupeesToPaise('299')).toBe(29_900);
    expect(rupeesToPaise('299.5')).toBe(29_950);
    expect(rupeesToPaise('299.50')).toBe(29_950);
    expect(rupeesToPaise('299.05')).toBe(29_905);
    expect(rupeesToPaise('0')).toBe(0);
    expect(rupeesToPaise('.5')).toBe(50);
    expect(rupeesToPaise('12.')).toBe(1_200);
  });

  it('has no float drift where multiplying by 100 would have', () => {
    // 0.29 * 100, 1.13 * 100 and 4.35 * 100 are not whole numbers in binary floating point.
    expect(rupeesToPaise('0.29')).toBe(29);
    expect(rupeesToPaise('1.13')).toBe(113);
    expect(rupeesToPaise('4.35')).toBe(435);
    expect(rupeesToPaise('1234567.89')).toBe(123_456_789);
    for (let paise = 0; paise <= 100_000; paise += 7) expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
  });

  it('accepts a ₹ sign, spaces and digit grouping', () => {
    expect(rupeesToPaise(' ₹ 1,00,000.50 ')).toBe(10_000_050);
    expect(rupeesToPaise('₹499')).toBe(49_900);
    expect(rupeesToPaise('100,000')).toBe(10_000_000);
  });

  it('refuses anything that is not a plain non-negative amount with at most two decimals', () => {
    for (const text of ['', ' ', '.', '-5', '+5', '1.234', '1e3', 'abc', '12.3.4', '0x10', '₹', 'Infinity'])
      expect(rupeesToPaise(text), text).toBeNull();
  });
});

describe('paiseToRupees', () => {
  it('writes rupees with two decimals, as the field shows them', () => {
    expect(paiseToRupees(29_900)).toBe('299.00');
    expect(paiseToRupees(29_950)).toBe('299.50');
    expect(paiseToRupees(29_905)).toBe('299.05');
    expect(paiseToRupees(0)).toBe('0.00');
    expect(paiseToRupees(5)).toBe('0.05');
  });
});
