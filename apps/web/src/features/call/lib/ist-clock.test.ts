import { describe, expect, it } from 'vitest';
import { istTimestamp } from './ist-clock';

describe('istTimestamp', () => {
  it('prints Indian Standard Time (UTC+05:30) with seconds on a 24-hour clock', () => {
    expect(istTimestamp(new Date('2026-11-22T08:35:09Z'))).toBe('22 Nov 2026, 14:05:09 IST');
  });

  it('moves to the next IST day when the UTC instant is late in the evening', () => {
    expect(istTimestamp(new Date('2026-11-22T20:00:00Z'))).toBe('23 Nov 2026, 01:30:00 IST');
  });

  it('prints midnight as 00, not 24, and pads single-digit days', () => {
    expect(istTimestamp(new Date('2026-09-02T18:30:00Z'))).toBe('03 Sep 2026, 00:00:00 IST');
  });

  it('turns over the year in IST before it does in UTC', () => {
    expect(istTimestamp(new Date('2026-12-31T18:30:01Z'))).toBe('01 Jan 2027, 00:00:01 IST');
  });
});
