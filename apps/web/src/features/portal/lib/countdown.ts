/** Whole seconds from `now` until `until` (epoch milliseconds), rounded up so "0" means it is time; never negative. */
export function secondsUntil(options: { until: number; now: number }): number {
  return Math.max(0, Math.ceil((options.until - options.now) / 1000));
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A wait as a clock reads: 0:05, 1:15, 59:59, and 1:02:05 past an hour (the hourly limit on codes). */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(rest)}` : `${minutes}:${twoDigits(rest)}`;
}
