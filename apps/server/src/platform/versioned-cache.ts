/**
 * A copy of rows kept in this process, each under the version it was read at. A caller that learns a row's current
 * version in a statement it sends anyway (a column of its own read) uses the copy only while the versions agree: a
 * change made by any process shows at once, with no expiry to wait out and nothing to drop. `maxAgeMs` bounds how
 * long a copy is trusted regardless, and `maxEntries` its memory (the oldest entry goes first).
 */
export function createVersionedCache<T>(options: {
  maxEntries: number;
  maxAgeMs: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { version: string; value: T; storedAt: number }>();
  return {
    get(key: string, version: string): T | undefined {
      const entry = entries.get(key);
      if (!entry || entry.version !== version || now() - entry.storedAt > options.maxAgeMs) return undefined;
      return entry.value;
    },
    set(key: string, version: string, value: T) {
      entries.delete(key);
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { version, value, storedAt: now() });
    },
    get size() {
      return entries.size;
    },
  };
}
