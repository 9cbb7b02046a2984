import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  financialYearOf,
  formatReceiptSerial,
  istDateKey,
  nationalHolidays,
  parseHolidays,
} from './business-days.ts';

/** An instant given as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const NONE: ReadonlySet<string> = new Set();

describe('the financial year', () => {
  it('runs April to March and is decided in IST, not UTC', () => {
    expect(financialYearOf(new Date('2026-03-31T18:29:59.999Z'))).toBe('2025-26'); // 31 Mar 23:59:59.999 IST
    expect(financialYearOf(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-27'); // 1 Apr 00:00 IST
    expect(financialYearOf(ist('2026-01-15T12:00:00'))).toBe('2025-26');
    expect(financialYearOf(ist('2026-12-31T23:59:59'))).toBe('2026-27');
    expect(financialYearOf(ist('2099-06-01T00:00:00'))).toBe('2099-00');
  });

  it('gives the IST calendar date of an instant', () => {
    expect(istDateKey(new Date('2026-03-31T18:29:59Z'))).toBe('2026-03-31');
    expect(istDateKey(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
  });
});

describe('the receipt serial', () => {
  it('is MOH/<financial year>/<number padded to six digits>', () => {
    expect(formatReceiptSerial('2026-27', 123)).toBe('MOH/2026-27/000123');
    expect(formatReceiptSerial('2026-27', 1)).toBe('MOH/2026-27/000001');
  });

  it('grows past six digits rather than truncating', () => {
    expect(formatReceiptSerial('2026-27', 1_234_567)).toBe('MOH/2026-27/1234567');
  });

  it('refuses a number that is not a positive integer, or a malformed year', () => {
    expect(() => formatReceiptSerial('2026-27', 0)).toThrow();
    expect(() => formatReceiptSerial('2026-27', 1.5)).toThrow();
    expect(() => formatReceiptSerial('2026', 1)).toThrow();
  });
});

describe('a deadline in business days', () => {
  it('requested Friday 15:00 IST, 5 business days → the end of the following Friday in IST', () => {
    const due = addBusinessDays(ist('2026-01-02T15:00:00'), 5, NONE);
    expect(due.toISOString()).toBe('2026-01-09T18:29:59.999Z'); // Fri 9 Jan 23:59:59.999 IST
  });

  it('skips a holiday in between, pushing the deadline one business day later', () => {
    const holidays = new Set(nationalHolidays(2026, 2026)); // Mon 26 Jan 2026 is Republic Day
    const due = addBusinessDays(ist('2026-01-23T15:00:00'), 5, holidays);
    expect(istDateKey(due)).toBe('2026-02-02'); // Tue 27 … Fri 30, then Mon 2 Feb
    expect(due.toISOString()).toBe('2026-02-02T18:29:59.999Z');
  });

  it('does not count a holiday that falls on a weekend twice', () => {
    const holidays = new Set(nationalHolidays(2026, 2026)); // Sat 15 Aug 2026
    expect(istDateKey(addBusinessDays(ist('2026-08-14T10:00:00'), 1, holidays))).toBe('2026-08-17');
  });

  it('never counts the day of the request, however early, and takes that day in IST', () => {
    // Thu 1 Jan 18:40 UTC is already Fri 2 Jan 00:10 IST: the next business day is Monday, not Friday.
    const due = addBusinessDays(new Date('2026-01-01T18:40:00Z'), 1, NONE);
    expect(due.toISOString()).toBe('2026-01-05T18:29:59.999Z');
  });

  it('a request on a weekend starts counting on Monday', () => {
    expect(istDateKey(addBusinessDays(ist('2026-01-03T09:00:00'), 1, NONE))).toBe('2026-01-05');
    expect(istDateKey(addBusinessDays(ist('2026-01-04T09:00:00'), 5, NONE))).toBe('2026-01-09');
  });

  it('crosses the year end, skipping configured holidays in the new year', () => {
    const from = ist('2026-12-31T10:00:00'); // Thursday
    expect(istDateKey(addBusinessDays(from, 3, NONE))).toBe('2027-01-05'); // Fri 1, Mon 4, Tue 5
    expect(istDateKey(addBusinessDays(from, 3, parseHolidays('2027-01-01')))).toBe('2027-01-06');
  });

  it('zero days is the end of the request day; a negative or fractional count is refused', () => {
    expect(addBusinessDays(ist('2026-01-03T09:00:00'), 0, NONE).toISOString()).toBe(
      '2026-01-03T18:29:59.999Z',
    );
    expect(() => addBusinessDays(new Date(), -1, NONE)).toThrow();
    expect(() => addBusinessDays(new Date(), 1.5, NONE)).toThrow();
  });
});

describe('holidays', () => {
  it('are read from a comma-separated list, ignoring spaces and blank entries', () => {
    expect([...parseHolidays(' 2026-03-04, 2026-10-20 ,')]).toEqual(['2026-03-04', '2026-10-20']);
    expect(parseHolidays(undefined).size).toBe(0);
    expect(parseHolidays('').size).toBe(0);
  });

  it('refuse an entry that is not a real YYYY-MM-DD date, naming it', () => {
    expect(() => parseHolidays('2026-03-04,26-01-2026')).toThrow(/"26-01-2026"/);
    expect(() => parseHolidays('2026-02-30')).toThrow(/"2026-02-30"/);
    expect(() => parseHolidays('2026-3-4')).toThrow(/"2026-3-4"/);
  });

  it("include India's three national holidays for each year of a range", () => {
    expect(nationalHolidays(2026, 2027)).toEqual([
      '2026-01-26',
      '2026-08-15',
      '2026-10-02',
      '2027-01-26',
      '2027-08-15',
      '2027-10-02',
    ]);
    expect(() => nationalHolidays(2027, 2026)).toThrow();
  });
});
