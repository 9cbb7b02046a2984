import { lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { attemptCounters } from '../db/schema.ts';
import { hashToken } from './crypto.ts';

/**
 * Where failure counters live: shared by every server process, so five wrong passwords are five in all, not five
 * per process. A window starts at a key's first failure and ends `windowMs` later (then the count starts again).
 */
export type AttemptStore = {
  /** Adds one to the key's count, atomically, and returns the new count. */
  increment(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
};

/** The one call shape the Redis store needs (node-redis's client has it). */
type RedisClient = {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  get(key: string): Promise<string | null | unknown>;
  del(key: string): Promise<unknown>;
};

// The first failure of a window sets its expiry, in the same round trip as the count.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return current
`;

/** With REDIS_URL: counters are Redis keys that expire with their window. */
export function redisAttemptStore(client: RedisClient, prefix: string): AttemptStore {
  const keyOf = (key: string) => `${prefix}:attempts:${key}`;
  return {
    async increment(key, windowMs) {
      return Number(await client.eval(INCREMENT, { keys: [keyOf(key)], arguments: [String(windowMs)] }));
    },
    async count(key) {
      return Number((await client.get(keyOf(key))) ?? 0);
    },
    async reset(key) {
      await client.del(keyOf(key));
    },
  };
}

/**
 * Redis first, the database when Redis does not answer: an outage must neither stop every sign-in (a 500) nor stop
 * counting wrong passwords. Counts restart in the fallback, so an outage can only lower a count, never lock anyone out.
 */
export function withFallback(
  primary: AttemptStore,
  fallback: AttemptStore,
  onFallback: (error: Error) => void,
): AttemptStore {
  const attempt =
    <A extends unknown[], R>(call: (store: AttemptStore, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(primary, ...args);
      } catch (error) {
        onFallback(error as Error);
        return call(fallback, ...args);
      }
    };
  return {
    increment: attempt((store, key: string, windowMs: number) => store.increment(key, windowMs)),
    count: attempt((store, key: string) => store.count(key)),
    reset: attempt((store, key: string) => store.reset(key)),
  };
}

/** Without Redis: a row per key, incremented by one upsert (a row whose window ended starts again at 1). */
export function databaseAttemptStore(db: Database): AttemptStore {
  const isOver = sql`${attemptCounters.expiresAt} <= now()`;
  return {
    async increment(key, windowMs) {
      const expiresAt = sql`now() + ${`${windowMs} milliseconds`}::interval`;
      const [row] = await db
        .insert(attemptCounters)
        .values({ key, count: 1, expiresAt })
        .onConflictDoUpdate({
          target: attemptCounters.key,
          set: {
            count: sql`case when ${isOver} then 1 else ${attemptCounters.count} + 1 end`,
            expiresAt: sql`case when ${isOver} then excluded.expires_at else ${attemptCounters.expiresAt} end`,
          },
        })
        .returning({ count: attemptCounters.count });
      return row?.count ?? 1;
    },
    async count(key) {
      const [row] = await db
        .select({ count: attemptCounters.count })
        .from(attemptCounters)
        .where(sql`${attemptCounters.key} = ${key} and ${attemptCounters.expiresAt} > now()`);
      return row?.count ?? 0;
    },
    async reset(key) {
      await db.delete(attemptCounters).where(sql`${attemptCounters.key} = ${key}`);
    },
  };
}

/** Forgets counters whose window ended (a periodic job; expired rows are already ignored when counting). */
export async function pruneAttemptCounters(db: Database) {
  await db.delete(attemptCounters).where(lte(attemptCounters.expiresAt, sql`now()`));
}

/**
 * Counts failures per key (e.g. wrong passwords per account and address) in a window, in a shared store. Keys are
 * hashed first: neither store keeps an e-mail address or a client address, and a key's length is bounded.
 */
export function createAttemptLimiter(options: {
  store: AttemptStore;
  /** Keeps the counters of different rules apart in one store. */
  name: string;
  max: number;
  windowMs: number;
}) {
  const { store, max, windowMs } = options;
  const keyOf = (key: string) => `${options.name}:${hashToken(key)}`;
  return {
    max,
    isBlocked: async (key: string) => (await store.count(keyOf(key))) >= max,
    /** Counts one failure; returns the count so far in this window. */
    recordFailure: (key: string) => store.increment(keyOf(key), windowMs),
    reset: (key: string) => store.reset(keyOf(key)),
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
