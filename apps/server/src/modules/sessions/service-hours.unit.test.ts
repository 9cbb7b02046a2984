import { describe, expect, it } from 'vitest';
import { opensAtText, serviceMinutesBetween, serviceWindow } from './service-hours.ts';

const NONE = new Set<string>();
/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('service hours (10:00–20:00 IST)', () => {
  it('opens at 10:00 and closes at 20:00 IST, to the minute', () => {
    expect(serviceWindow(ist('2026-11-23T09:59:00'), NONE).isOpen).toBe(false);
    expect(serviceWindow(ist('2026-11-23T09:59:59'), NONE).isOpen).toBe(false);
    expect(serviceWindow(ist('2026-11-23T10:00:00'), NONE).isOpen).toBe(true);
    expect(serviceWindow(ist('2026-11-23T19:59:00'), NONE).isOpen).toBe(true);
    expect(serviceWindow(ist('2026-11-23T19:59:59'), NONE).isOpen).toBe(true);
    expect(serviceWindow(ist('2026-11-23T20:00:00'), NONE).isOpen).toBe(false);
  });

  it('says when it opens next: later today, or tomorrow at 10:00 IST', () => {
    expect(serviceWindow(ist('2026-11-23T07:15:00'), NONE).opensAt).toEqual(ist('2026-11-23T10:00:00'));
    expect(serviceWindow(ist('2026-11-23T20:00:00'), NONE).opensAt).toEqual(ist('2026-11-24T10:00:00'));
    // 02:00 IST is still the previous evening in UTC: the IST day counts.
    expect(serviceWindow(ist('2026-11-24T02:00:00'), NONE).opensAt).toEqual(ist('2026-11-24T10:00:00'));
  });

  it('stays closed on configured holidays and opens on the next working day', () => {
    const holidays = new Set(['2027-01-26', '2027-01-27']);
    expect(serviceWindow(ist('2027-01-26T12:00:00'), holidays)).toEqual({
      isOpen: false,
      opensAt: ist('2027-01-28T10:00:00'),
    });
    expect(serviceWindow(ist('2027-01-25T21:00:00'), holidays).opensAt).toEqual(ist('2027-01-28T10:00:00'));
  });

  it('runs on weekends that are not holidays', () => {
    expect(serviceWindow(ist('2026-11-22T11:00:00'), NONE).isOpen).toBe(true);
  });
});

describe('opensAtText', () => {
  it('names the day in IST with a three-letter month, September included', () => {
    expect(opensAtText(new Date('2026-09-14T04:30:00Z'))).toBe('at 10:00 IST on Mon, 14 Sep');
    // 23:00 UTC on the 22nd is already the 23rd in India.
    expect(opensAtText(new Date('2026-11-22T23:00:00Z'))).toBe('at 10:00 IST on Mon, 23 Nov');
  });
});

describe('serviceMinutesBetween (support first-response time)', () => {
  const at = (iso: string) => new Date(iso);
  it('counts only 10:00–20:00 IST: 19:50 to 10:10 the next day is 20 minutes', () => {
    expect(
      serviceMinutesBetween({
        from: at('2026-11-23T19:50:00+05:30'),
        to: at('2026-11-24T10:10:00+05:30'),
        holidays: new Set(),
      }),
    ).toBe(20);
  });
  it('skips holidays and counts a full day as 600 minutes', () => {
    const from = at('2026-11-23T08:00:00+05:30');
    const to = at('2026-11-25T21:00:00+05:30');
    expect(serviceMinutesBetween({ from, to, holidays: new Set() })).toBe(1800);
    expect(serviceMinutesBetween({ from, to, holidays: new Set(['2026-11-24']) })).toBe(1200);
  });
  it('is zero when the reply came first or outside hours', () => {
    const night = at('2026-11-23T21:00:00+05:30');
    expect(
      serviceMinutesBetween({ from: night, to: at('2026-11-24T09:59:00+05:30'), holidays: new Set() }),
    ).toBe(0);
    expect(serviceMinutesBetween({ from: night, to: night, holidays: new Set() })).toBe(0);
  });
});
