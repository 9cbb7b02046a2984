import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';

/**
 * One countdown for every deadline the server sets (a request waiting for a notary): the client's wait and the
 * notary's queue read the same `expiresAt` through these, so both show the same "10:00 left" at the same moment.
 */

/** Whole seconds until `until` (ISO) at `now` (epoch ms), rounded up so "0:00" means over; null when no date. */
export function secondsUntil(until: string, now: number): number | null {
  const target = new Date(until).getTime();
  if (Number.isNaN(target)) return null;
  return Math.max(0, Math.ceil((target - now) / 1000));
}

/** m:ss, e.g. 10:00, 9:59, 0:05. Digits and colon read the same in English and Hindi. */
export function formatClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "10:00 left" / "10:00 बाकी" for a deadline, from the `common` namespace. */
export function formatTimeLeft(t: TFunction, until: string, now: number): string {
  return t('common:timeLeft', { clock: formatClock(secondsUntil(until, now) ?? 0) });
}

/** The time now (epoch ms), ticking once a second while `until` is in the future; stops at the deadline. */
export function useCountdownNow(until: string | null): number {
  const target = until ? new Date(until).getTime() : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(target)) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= target) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return now;
}
