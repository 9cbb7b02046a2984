import { ageOn } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { latestAdultBirthDate } from './register-form';

describe('date of birth picker limit', () => {
  it('is exactly 18 years before today', () => {
    expect(latestAdultBirthDate('2025-06-15')).toBe('2007-06-15');
    expect(ageOn(latestAdultBirthDate('2025-06-15'), '2025-06-15')).toBe(18);
  });

  it('a leap-day today maps to a date that is already 18', () => {
    const limit = latestAdultBirthDate('2024-02-29');
    expect(ageOn(limit, '2024-02-29')).toBeGreaterThanOrEqual(18);
  });
});
