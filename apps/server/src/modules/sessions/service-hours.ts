import { SERVICE_HOURS } from '@mohar/contracts';
import { IST_OFFSET_MS } from '@mohar/contracts/constants';
import { istDateKey } from '../payments/business-days.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const minutesOf = (clock: string) => {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
};
const OPENS = minutesOf(SERVICE_HOURS.opensAt);
const CLOSES = minutesOf(SERVICE_HOURS.closesAt);

/** Minutes since midnight in IST. */
const istMinutes = (date: Date) => {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  return ist.getUTCHours() * 60 + ist.getUTCMinutes();
};

/** The instant `minutes` after midnight IST on the IST day of `date`. */
function istDayAt(date: Date, minutes: number): Date {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const midnightIst = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - IST_OFFSET_MS;
  return new Date(midnightIst + minutes * 60_000);
}

/**
 * Whether sessions run at `now` (10:00 ≤ IST clock < 20:00, not a configured holiday), and when they next open.
 * Every day of the week counts: only holidays close the service.
 */
export function serviceWindow(now: Date, holidays: ReadonlySet<string>): { isOpen: boolean; opensAt: Date } {
  const minutes = istMinutes(now);
  const isWorkingDay = !holidays.has(istDateKey(now));
  if (isWorkingDay && minutes >= OPENS && minutes < CLOSES) return { isOpen: true, opensAt: now };
  // Later today if it has not opened yet, else the next day that is not a holiday.
  let day = isWorkingDay && minutes < OPENS ? now : new Date(istDayAt(now, 0).getTime() + DAY_MS);
  for (let i = 0; i < 366 && holidays.has(istDateKey(day)); i += 1) day = new Date(day.getTime() + DAY_MS);
  return { isOpen: false, opensAt: istDayAt(day, OPENS) };
}

const IST_PARTS = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'numeric',
});
// Three letters for every month: Intl's short month writes "Sept" in recent ICU data (as the web's formatter notes).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Mon, 23 Nov" in IST. */
function istDayText(date: Date): string {
  const parts = Object.fromEntries(IST_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.weekday}, ${parts.day} ${MONTHS[Number(parts.month) - 1]}`;
}

/** "at 10:00 IST on Mon, 23 Nov": when the service opens, for messages. */
export const opensAtText = (opensAt: Date) => `at 10:00 IST on ${istDayText(opensAt)}`;

export const reminderMessage = (opensAt: Date) =>
  `We will tell everyone on this application when notaries are available, ${opensAtText(opensAt)}.`;

/**
 * Minutes of service hours (10:00–20:00 IST on days that are not holidays) between two instants: how long a
 * support ticket waited for its first reply, counted as the people answering it work.
 */
export function serviceMinutesBetween(options: {
  from: Date;
  to: Date;
  holidays: ReadonlySet<string>;
}): number {
  const { from, to, holidays } = options;
  if (to <= from) return 0;
  let total = 0;
  // At most a year and a day of IST days: older tickets are long past any target anyway.
  for (
    let day = istDayAt(from, 0), i = 0;
    day < to && i < 367;
    day = new Date(day.getTime() + DAY_MS), i += 1
  ) {
    if (holidays.has(istDateKey(day))) continue;
    const opens = Math.max(day.getTime() + OPENS * 60_000, from.getTime());
    const closes = Math.min(day.getTime() + CLOSES * 60_000, to.getTime());
    if (closes > opens) total += closes - opens;
  }
  return Math.floor(total / 60_000);
}
