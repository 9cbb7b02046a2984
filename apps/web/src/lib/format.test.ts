import { TIME_ZONE } from '@mohar/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  formatArticleDate,
  formatCalendarDate,
  formatCalendarMonth,
  formatCardDate,
  formatDateTime,
  formatElapsed,
  formatFileSize,
  formatInr,
  formatNotificationDate,
  formatTimeOfDay,
} from './format';

// 2025-03-04 20:05:09 UTC is 2025-03-05 01:35:09 in IST (UTC+5:30): the day changes, which the formats must show.
const instant = '2025-03-04T20:05:09.000Z';

describe('dates are shown in IST in the spec formats', () => {
  it('blog cards: DD/MM/YYYY', () => {
    expect(formatCardDate(instant)).toBe('05/03/2025');
  });
  it('article view: DD MMM YYYY', () => {
    expect(formatArticleDate(instant)).toBe('05 Mar 2025');
    // Three letters for every month: September too (Intl's short month says "Sept").
    expect(formatArticleDate('2026-09-14T06:00:00Z')).toBe('14 Sep 2026');
  });
  it('notifications: DD-MM-YYYY HH:mm:ss, 24-hour', () => {
    expect(formatNotificationDate(instant)).toBe('05-03-2025 01:35:09');
    expect(formatNotificationDate('2025-12-31T18:29:59Z')).toBe('31-12-2025 23:59:59');
  });
  it('a moment in a recording: HH:mm:ss in IST; a position in it: m:ss, h:mm:ss from an hour', () => {
    expect(formatTimeOfDay(instant)).toBe('01:35:09');
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
  });
  it('money and decisions: DD MMM YYYY, h:mm am/pm', () => {
    expect(formatDateTime(instant)).toBe('05 Mar 2025, 1:35 am');
    expect(formatDateTime('2025-12-31T08:00:00Z')).toBe('31 Dec 2025, 1:30 pm');
    expect(formatDateTime('not a date')).toBe('');
    // Midnight and noon in the 12-hour clock; September's three letters.
    expect(formatDateTime('2026-09-14T18:30:00Z')).toBe('15 Sep 2026, 12:00 am');
    expect(formatDateTime('2026-09-15T06:30:00Z')).toBe('15 Sep 2026, 12:00 pm');
  });
  it('an invalid date renders as nothing rather than "Invalid Date"', () => {
    expect(formatCardDate('not a date')).toBe('');
  });
  it('the IST date and time are the ones Intl gives in the product’s time zone, every hour of a year and across midnight', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const start = Date.parse('2024-12-31T00:00:00Z');
    for (let ms = start; ms < start + 367 * 86_400_000; ms += 3_600_000 + 1_000) {
      const p = Object.fromEntries(intl.formatToParts(ms).map((part) => [part.type, part.value]));
      const expected = `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
      expect(formatNotificationDate(new Date(ms))).toBe(expected);
    }
  });
});

describe('money', () => {
  it('formats paise as rupees with Indian digit grouping', () => {
    expect(formatInr(12_345_678_90)).toBe('₹1,23,45,678.90');
    expect(formatInr(29_900)).toBe('₹299.00');
    expect(formatInr(5)).toBe('₹0.05');
  });
  it('writes every amount exactly as en-IN currency formatting does, refunds (negative) included', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    const amounts = [
      0, 1, 99, 100, 101, 99_999, 100_000, 1_000_000, 10_000_000, 999_999_999, 12_345_678_901_23,
    ];
    for (let paise = 1; paise < 1e15; paise = paise * 7 + 3) amounts.push(paise);
    for (const paise of [...amounts, ...amounts.filter((a) => a > 0).map((a) => -a)])
      expect(formatInr(paise), String(paise)).toBe(intl.format(paise / 100));
  });
});

describe('file sizes and calendar dates', () => {
  it('file sizes in bytes, KB and MB', () => {
    expect(formatFileSize(812)).toBe('812 bytes');
    expect(formatFileSize(250_880)).toBe('245 KB');
    expect(formatFileSize(1_468_006)).toBe('1.4 MB');
  });
  it('a YYYY-MM-DD date is shown as DD/MM/YYYY without a time-zone shift', () => {
    expect(formatCalendarDate('2027-01-01')).toBe('01/01/2027');
    expect(formatCalendarDate('2025-12-31')).toBe('31/12/2025');
    expect(formatCalendarDate('31-12-2025')).toBe('');
  });
  it('a YYYY-MM month is shown as MMM YYYY, January and December included', () => {
    expect(formatCalendarMonth('2026-11')).toBe('Nov 2026');
    expect(formatCalendarMonth('2027-01')).toBe('Jan 2027');
    expect(formatCalendarMonth('2025-12')).toBe('Dec 2025');
    expect(formatCalendarMonth('2026-09')).toBe('Sep 2026');
    expect(formatCalendarMonth('2025-13')).toBe('');
  });
});
