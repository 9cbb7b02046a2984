import { IST_OFFSET_MS } from '@mohar/contracts/constants';

/**
 * Calendar rules for money, all in Indian Standard Time (Asia/Kolkata, UTC+05:30, no daylight saving): the
 * financial year a receipt belongs to, the receipt serial, and refund deadlines counted in business days.
 * IST has a fixed offset, so plain arithmetic on the offset is exact and no time-zone database is needed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The IST wall-clock time as a Date whose UTC fields read as IST (for field access only, never for storage). */
const toIstFields = (date: Date) => new Date(date.getTime() + IST_OFFSET_MS);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of the calendar day in IST on which `date` falls. */
export function istDateKey(date: Date): string {
  const ist = toIstFields(date);
  return `${ist.getUTCFullYear()}-${pad(ist.getUTCMonth() + 1)}-${pad(ist.getUTCDate())}`;
}

/**
 * The Indian financial year (1 April – 31 March) in which `date` falls in IST, as `2026-27`.
 * 2026-03-31T18:29:59Z is 23:59:59 on 31 March IST → `2025-26`; a minute later it is 1 April IST → `2026-27`.
 */
export function financialYearOf(date: Date): string {
  const ist = toIstFields(date);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${pad((start + 1) % 100)}`;
}

/** `MOH/2026-27/000123`: at least six digits, more once a year passes 999,999 receipts (never truncated). */
export function formatReceiptSerial(financialYear: string, n: number): string {
  if (!/^\d{4}-\d{2}$/.test(financialYear)) throw new Error(`Invalid financial year "${financialYear}"`);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`Invalid receipt number ${n}`);
  return `MOH/${financialYear}/${pad(n, 6)}`;
}

/**
 * The deadline `days` business days after `from`, as the last millisecond (23:59:59.999 IST) of that business day.
 *
 * The rule, exactly:
 * - Days are IST calendar days. The day on which `from` falls never counts, whatever the hour: the count starts on
 *   the next calendar day.
 * - A business day is Monday to Friday and not in `holidays` (IST `YYYY-MM-DD` keys). Saturdays, Sundays and
 *   holidays are skipped without counting.
 * - The deadline is the end of the `days`-th business day counted. `days = 0` means the end of the IST day of `from`.
 *
 * Examples: requested Friday 15:00 IST, 5 business days → Mon 1, Tue 2, Wed 3, Thu 4, Fri 5 → the following Friday
 * 23:59:59.999 IST. With a holiday on that Wednesday, it moves one business day later, to the Monday after.
 * Requested on a Saturday, 1 business day → the Monday (the Saturday and Sunday are not business days).
 */
export function addBusinessDays(from: Date, days: number, holidays: ReadonlySet<string>): Date {
  if (!Number.isSafeInteger(days) || days < 0) throw new Error(`Invalid number of business days ${days}`);
  const ist = toIstFields(from);
  // Midnight UTC of the IST calendar day: stepping by whole days on it walks IST calendar days exactly.
  let day = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate());
  let counted = 0;
  while (counted < days) {
    day += DAY_MS;
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    if (holidays.has(new Date(day).toISOString().slice(0, 10))) continue;
    counted += 1;
  }
  return new Date(day + DAY_MS - 1 - IST_OFFSET_MS);
}

const isCalendarDate = (key: string) => {
  const match = DATE_KEY.exec(key);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * Holidays from a comma-separated setting such as `2026-03-04,2026-10-20`. Blank entries (a trailing comma, an
 * unset variable) are ignored; anything that is not a real `YYYY-MM-DD` date throws, naming the entry, so a typo in
 * the configuration stops the server at start-up instead of silently shortening a refund deadline.
 */
export function parseHolidays(list: string | undefined): Set<string> {
  const holidays = new Set<string>();
  for (const raw of (list ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    if (!isCalendarDate(entry)) throw new Error(`Invalid holiday "${entry}": expected a date as YYYY-MM-DD`);
    holidays.add(entry);
  }
  return holidays;
}

/**
 * India's three national holidays — Republic Day (26 January), Independence Day (15 August) and Gandhi Jayanti
 * (2 October) — for each year from `fromYear` to `toYear` inclusive. Other gazetted and state holidays vary by
 * year and state and come from configuration (`parseHolidays`).
 */
export function nationalHolidays(fromYear: number, toYear: number): string[] {
  if (!Number.isSafeInteger(fromYear) || !Number.isSafeInteger(toYear) || fromYear > toYear) {
    throw new Error(`Invalid year range ${fromYear}–${toYear}`);
  }
  const dates: string[] = [];
  for (let year = fromYear; year <= toYear; year += 1) {
    dates.push(`${year}-01-26`, `${year}-08-15`, `${year}-10-02`);
  }
  return dates;
}
