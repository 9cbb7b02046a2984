import type { PgBossTuning } from '../platform/pg-boss-jobs.ts';

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

/** Until the condition holds, checked every 20 ms; fails after `timeoutMs` (a bound, not a measured duration). */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
