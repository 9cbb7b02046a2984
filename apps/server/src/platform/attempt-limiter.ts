/**
 * Counts failures per key in a sliding window (e.g. wrong passwords per account and address). In memory per
 * process for now; the Redis-backed store comes with horizontal scaling (issue 8).
 */
export function createAttemptLimiter(options: { max: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = now() - options.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };
  return {
    isBlocked: (key: string) => recent(key).length >= options.max,
    recordFailure(key: string) {
      const list = recent(key);
      list.push(now());
      failures.set(key, list);
      // Bound memory under a flood of distinct keys.
      if (failures.size > 50_000) failures.delete(failures.keys().next().value as string);
    },
    reset: (key: string) => void failures.delete(key),
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
