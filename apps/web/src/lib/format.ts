import { IST_OFFSET_MS } from '@mohar/contracts/constants';

type Parts = Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'second', string>;

/**
 * Dates and times are written out, never through `Intl`: building its formatters (locale and time-zone data) took
 * 70–170 ms of a page's start at Lighthouse's 4× slower CPU (decisions 0034, 0040).
 * India Standard Time (TIME_ZONE) is UTC+05:30 all year, with no daylight saving since 1945, so the numeric parts
 * need no `Intl`: building its first formatter (the zone's data) took about 70 ms of /resources' start at
 * Lighthouse's 4× slower CPU, where every article card shows a date (decision 0040). format.test.ts checks these
 * parts against `Intl` in TIME_ZONE.
 */
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The spec's MMM: three letters for every month. Not `Intl`'s short month, which recent ICU data writes "Sept" for
 * September in English (en-GB and en-IN alike), one letter too many for "DD MMM YYYY".
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const monthOf = (twoDigitMonth: string) => MONTHS[Number(twoDigitMonth) - 1] ?? '';

function toDate(input: Date | string): Date | null {
  const date = typeof input === 'string' ? new Date(input) : input;
  return Number.isNaN(date.getTime()) ? null : date;
}

function istParts(input: Date | string): Parts | null {
  const date = toDate(input);
  if (!date) return null;
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  return {
    day: twoDigits(ist.getUTCDate()),
    month: twoDigits(ist.getUTCMonth() + 1),
    year: String(ist.getUTCFullYear()),
    hour: twoDigits(ist.getUTCHours()),
    minute: twoDigits(ist.getUTCMinutes()),
    second: twoDigits(ist.getUTCSeconds()),
  };
}

/** Blog cards: DD/MM/YYYY in IST. */
export function formatCardDate(input: Date | string): string {
  const p = istParts(input);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** Article view: DD MMM YYYY in IST (e.g. 05 Mar 2025). */
export function formatArticleDate(input: Date | string): string {
  const p = istParts(input);
  return p ? `${p.day} ${monthOf(p.month)} ${p.year}` : '';
}

/** Notifications: DD-MM-YYYY HH:mm:ss in IST. */
export function formatNotificationDate(input: Date | string): string {
  const p = istParts(input);
  return p ? `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}` : '';
}

/** Money and decisions: DD MMM YYYY, h:mm am/pm in IST (e.g. 05 Mar 2025, 1:35 am), as en-IN writes it. */
export function formatDateTime(input: Date | string): string {
  const p = istParts(input);
  if (!p) return '';
  const hour = Number(p.hour);
  return `${p.day} ${monthOf(p.month)} ${p.year}, ${hour % 12 || 12}:${p.minute} ${hour < 12 ? 'am' : 'pm'}`;
}

/** A moment within a recording: HH:mm:ss in IST (the composed view's clock shows the same). */
export function formatTimeOfDay(input: Date | string): string {
  const p = istParts(input);
  return p ? `${p.hour}:${p.minute}:${p.second}` : '';
}

/** A position or length in a recording: m:ss, or h:mm:ss from an hour. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = twoDigits(total % 60);
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * Money is integer paise everywhere; shown as ₹ with paise, Indian digit grouping (₹1,23,45,678.90, -₹5.00), as
 * `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })` writes it. Written out rather than built with
 * `Intl`: making that one formatter (its locale data) cost about 70 ms at Lighthouse's 4× slower CPU during the
 * signed-in dashboard's first render, for a "Pay ₹…" label (decision 0041). The test compares it with `Intl`.
 */
export function formatInr(paise: number): string {
  const whole = Math.round(Math.abs(paise));
  const rupees = String(Math.floor(whole / 100));
  // The last three digits, then groups of two: lakhs and crores.
  const grouped =
    rupees.length <= 3
      ? rupees
      : `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${rupees.slice(-3)}`;
  return `${paise < 0 && whole > 0 ? '-' : ''}₹${grouped}.${String(whole % 100).padStart(2, '0')}`;
}

/** A file's size as people read it: 812 bytes, 245 KB, 1.4 MB (1 KB = 1024 bytes, as file managers show). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A calendar date with no time of day (`YYYY-MM-DD`: a commission expiry, a register entry) as DD/MM/YYYY. It is
 * read as written, never through a time zone, so it cannot shift by a day.
 */
export function formatCalendarDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** A calendar month (`YYYY-MM`: a payout statement's month) as MMM YYYY (e.g. Nov 2026), read as written. */
export function formatCalendarMonth(isoMonth: string): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(isoMonth);
  if (!match) return '';
  return `${monthOf(match[2] ?? '')} ${match[1]}`;
}
