import { SERVICE_HOURS, TIME_ZONE } from '@mohar/contracts/constants';

const toMinutes = (clock: string) => {
  const [h = '0', m = '0'] = clock.split(':');
  return Number(h) * 60 + Number(m);
};
const toClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Half-hour steps inside the service hours (10:00–20:00 IST). */
export const WORKING_HOUR_STEP_MINUTES = 30;

function clocksBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = toMinutes(first); m <= toMinutes(last); m += WORKING_HOUR_STEP_MINUTES) out.push(toClock(m));
  return out;
}

/** A working day can start from opening time up to half an hour before closing… */
export const START_OPTIONS = clocksBetween(
  SERVICE_HOURS.opensAt,
  toClock(toMinutes(SERVICE_HOURS.closesAt) - WORKING_HOUR_STEP_MINUTES),
);
/** …and end from half an hour after opening up to closing time. */
export const END_OPTIONS = clocksBetween(
  toClock(toMinutes(SERVICE_HOURS.opensAt) + WORKING_HOUR_STEP_MINUTES),
  SERVICE_HOURS.closesAt,
);

export type WorkingHoursProblem = 'outside_service_hours' | 'end_before_start';

/** The rule the server applies (inside service hours, end after start), checked before asking it. */
export function checkWorkingHours(hours: { from: string; to: string }): WorkingHoursProblem | null {
  if (hours.from < SERVICE_HOURS.opensAt || hours.to > SERVICE_HOURS.closesAt) return 'outside_service_hours';
  if (toMinutes(hours.to) <= toMinutes(hours.from)) return 'end_before_start';
  return null;
}

const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** HH:MM in India at `now`. */
export const clockInIndia = (now: Date) => clockFormat.format(now);

/** The availability sentence as a `dashboard` key and its values (brand: status in a plain sentence). */
export function availabilitySentence(options: {
  isOnline: boolean;
  workingHours: { from: string; to: string };
  clock: string;
}): { key: string; values: Record<string, string> } {
  const { from, to } = options.workingHours;
  if (!options.isOnline) return { key: 'availability.offline', values: {} };
  if (options.clock < from) return { key: 'availability.onlineLater', values: { from, to } };
  if (options.clock >= to) return { key: 'availability.onlineTomorrow', values: { from } };
  return { key: 'availability.onlineUntil', values: { to } };
}
