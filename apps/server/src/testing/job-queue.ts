import type { PgBossTuning } from '../platform/pg-boss-jobs.ts';
import { eventually } from './realtime.ts';

/** pg-boss's passes every second, so expiries and retries are seen in a test's time. */
export const FAST_PASSES: PgBossTuning['boss'] = {
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
  maintenanceIntervalSeconds: 1,
};

/** A run may hold its job one second before it counts as crashed, and is retried at once and found within a second. */
export const CRASH_TUNING: PgBossTuning = {
  boss: FAST_PASSES,
  pollingIntervalSeconds: 1,
  queue: { expireInSeconds: 1, heartbeatSeconds: undefined, retryDelay: 0, retryBackoff: false },
};

/** Until the condition holds (the shared poll, `eventually`), with room for pg-boss's one-second passes. */
export function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  return eventually(condition, timeoutMs);
}
