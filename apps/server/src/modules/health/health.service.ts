import type { ReadinessChecks } from '@mohar/contracts';

/** A dependency's check: resolves when it answers, throws when it does not; null when this deployment has none. */
type Ping = (() => Promise<unknown>) | null;

export type Readiness = ReturnType<typeof createReadiness>;

const PING_TIMEOUT_MS = 2000;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);
}

/**
 * Whether this process can serve: the database, and Redis and the object store where configured, each asked at
 * once and in parallel, each bounded by a timeout so a load balancer's probe never hangs. `failed` names the ones
 * that did not answer the way an operator reads them ("PostgreSQL", "Redis", "the object store").
 */
export function createReadiness(deps: {
  database: { label: string; ping: () => Promise<unknown> };
  redis: Ping;
  objectStore: Ping;
  timeoutMs?: number;
}) {
  const timeoutMs = deps.timeoutMs ?? PING_TIMEOUT_MS;
  const probe = async (ping: Ping) => {
    if (!ping) return 'not_configured' as const;
    try {
      await withTimeout(ping(), timeoutMs);
      return 'up' as const;
    } catch {
      return 'down' as const;
    }
  };
  return {
    async check(): Promise<{ checks: ReadinessChecks; failed: string[] }> {
      const [database, redis, objectStore] = await Promise.all([
        probe(deps.database.ping),
        probe(deps.redis),
        probe(deps.objectStore),
      ]);
      const failed = [
        database === 'down' ? deps.database.label : null,
        redis === 'down' ? 'Redis' : null,
        objectStore === 'down' ? 'the object store' : null,
      ].filter((name): name is string => name !== null);
      return { checks: { database, redis, objectStore }, failed };
    },
  };
}
