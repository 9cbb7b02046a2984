import { IST_OFFSET_MS } from '@mohar/contracts/constants';

/** Dates as the sealed document prints them, always in IST (India has no daylight saving: a fixed +05:30). */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (n: number) => String(n).padStart(2, '0');

function istParts(date: Date) {
  if (Number.isNaN(date.getTime())) throw new Error('Invalid date');
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  return {
    day: ist.getUTCDate(),
    month: ist.getUTCMonth(),
    year: ist.getUTCFullYear(),
    time: `${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())}`,
    seconds: pad(ist.getUTCSeconds()),
  };
}

/** "23 November 2026" — the date in a notarial certificate's wording. */
export function formatIstDateLong(date: Date): string {
  const p = istParts(date);
  return `${p.day} ${MONTHS[p.month]} ${p.year}`;
}

/** "23 Nov 2026" */
export function formatIstDate(date: Date): string {
  const p = istParts(date);
  return `${pad(p.day)} ${MONTHS[p.month]?.slice(0, 3)} ${p.year}`;
}

/**
 * The time and its zone are joined by a no-break space: a wrapped line never leaves "IST" alone on the next line
 * (the PDF text wrapper keeps them together; anything else reads it as a space).
 */
const ZONE = '\u00A0IST';

/** "23 Nov 2026, 14:05:09 IST" — timeline rows. */
export function formatIstTimestamp(date: Date): string {
  const p = istParts(date);
  return `${formatIstDate(date)}, ${p.time}:${p.seconds}${ZONE}`;
}

/** "23 Nov 2026 14:05 IST" — signature captions. */
export function formatIstMinute(date: Date): string {
  return `${formatIstDate(date)} ${istParts(date).time}${ZONE}`;
}
