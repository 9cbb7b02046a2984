import { describe, expect, it } from 'vitest';
import { todayInIndia } from './auth.ts';

describe("today's date in India", () => {
  it('turns at midnight IST (18:30 UTC), not at the server’s midnight', () => {
    expect(todayInIndia(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(todayInIndia(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-04-01');
  });

  it('answers for the moment asked, whatever was asked before (earlier, later, the same minute)', () => {
    expect(todayInIndia(new Date('2026-04-01T18:30:30Z'))).toBe('2026-04-02');
    expect(todayInIndia(new Date('2026-04-01T18:30:59Z'))).toBe('2026-04-02');
    expect(todayInIndia(new Date('2025-12-31T18:29:00Z'))).toBe('2025-12-31');
    expect(todayInIndia(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
  });

  it('refuses an invalid date as before', () => {
    expect(() => todayInIndia(new Date(Number.NaN))).toThrow(RangeError);
  });
});
