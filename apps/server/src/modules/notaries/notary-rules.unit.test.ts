import { describe, expect, it } from 'vitest';
import { clockInIndia } from './notary-rules.ts';

describe("the clock in India (a notary's working hours)", () => {
  it('reads IST (UTC+05:30) to the minute', () => {
    expect(clockInIndia(new Date('2026-06-01T03:29:59Z'))).toBe('08:59');
    expect(clockInIndia(new Date('2026-06-01T03:30:00Z'))).toBe('09:00');
    expect(clockInIndia(new Date('2026-06-01T18:29:00Z'))).toBe('23:59');
    expect(clockInIndia(new Date('2026-06-01T18:30:00Z'))).toBe('00:00');
  });

  it('answers for the moment asked, whatever was asked before', () => {
    expect(clockInIndia(new Date('2026-06-01T12:00:10Z'))).toBe('17:30');
    expect(clockInIndia(new Date('2026-06-01T12:00:50Z'))).toBe('17:30');
    expect(clockInIndia(new Date('2026-06-01T11:59:59Z'))).toBe('17:29');
    expect(clockInIndia(new Date('2026-06-01T12:01:00Z'))).toBe('17:31');
  });
});
