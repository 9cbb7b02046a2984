import { useEffect, useState } from 'react';
import { secondsUntil } from '../lib/countdown';

/** Seconds left until `until` (epoch milliseconds), ticking once a second; 0 when there is nothing to wait for. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : secondsUntil({ until, now });
}
