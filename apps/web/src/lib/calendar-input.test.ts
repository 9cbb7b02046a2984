import { describe, expect, it } from 'vitest';
import { calendarDateOfTyped, displayOfCalendarDate } from './calendar-input';

describe('date inputs are written DD/MM/YYYY (issue 23)', () => {
  it('shows a calendar date as DD/MM/YYYY and anything half typed as it is', () => {
    expect(displayOfCalendarDate('1991-04-12')).toBe('12/04/1991');
    expect(displayOfCalendarDate('')).toBe('');
    expect(displayOfCalendarDate('12/04')).toBe('12/04');
  });

  it('reads day, month and year (short or with dots and dashes) into the form’s YYYY-MM-DD', () => {
    expect(calendarDateOfTyped('12/04/1991')).toBe('1991-04-12');
    expect(calendarDateOfTyped('1/2/1990')).toBe('1990-02-01');
    expect(calendarDateOfTyped('01.02.1990')).toBe('1990-02-01');
    expect(calendarDateOfTyped('01-02-1990')).toBe('1990-02-01');
  });

  it('keeps a YYYY-MM-DD as it is and leaves an incomplete or impossible date to the contract', () => {
    expect(calendarDateOfTyped('1994-07-21')).toBe('1994-07-21');
    expect(calendarDateOfTyped('12/04')).toBe('12/04');
    // 31 February passes through as a date the contract then refuses as "Enter a real date".
    expect(calendarDateOfTyped('31/02/1990')).toBe('1990-02-31');
  });
});
