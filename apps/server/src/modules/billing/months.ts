import { istDateKey } from '../payments/business-days.ts';

const IST_OFFSET_MS = 330 * 60_000;

/** The IST calendar month (`YYYY-MM`) in which `date` falls. */
export const istMonthOf = (date: Date) => istDateKey(date).slice(0, 7);

/** The instant an IST month begins (00:00 IST on the 1st). */
export function istMonthStart(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1, 1) - IST_OFFSET_MS);
}

/** The month after `month` (`2026-12` → `2027-01`). */
export function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}

/** The month before the one `date` falls in: the one the month-end run invoices. */
export function previousMonthOf(date: Date): string {
  const [year, monthNumber] = istMonthOf(date).split('-').map(Number) as [number, number];
  return monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, '0')}`;
}
