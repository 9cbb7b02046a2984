import type { AuthContext } from './auth-core.ts';

/**
 * Signed-in reads resolve their session cookie on every request; on the embedded database that lookup was a third
 * to a half of a read's time. A resolved session is kept here for a few seconds (decision 0019).
 *
 * Correctness:
 * - In this process, every change that ends a session or changes what the session carries (logout, ending
 *   sessions, disabling an account, password and MFA changes, profile edits) drops the cached entries *after* it
 *   commits, and bumps an epoch: a lookup that started before the drop does not store its (possibly older) answer.
 * - Another process learns of such a change only when its copy expires: a session ended elsewhere is still
 *   honoured there for at most `SESSION_CACHE_TTL_MS`. That is the trade-off taken for not querying every time.
 * - An entry never outlives the session's own idle or absolute expiry.
 */
export const SESSION_CACHE_TTL_MS = 3_000;
const MAX_ENTRIES = 10_000;

type Entry = { auth: AuthContext; expiresAt: number };

const entries = new Map<string, Entry>();
let epoch = 0;

export const sessionCache = {
  get(tokenHash: string, now = Date.now()): AuthContext | null {
    const entry = entries.get(tokenHash);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      entries.delete(tokenHash);
      return null;
    }
    return entry.auth;
  },

  /** The epoch to hand back to `set`: taken before the lookup whose answer is stored. */
  epoch: () => epoch,

  set(options: { tokenHash: string; auth: AuthContext; sessionExpiresAt: number; epoch: number }) {
    if (options.epoch !== epoch) return;
    if (entries.size >= MAX_ENTRIES) {
      // Oldest first (a Map keeps insertion order).
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(options.tokenHash, {
      auth: options.auth,
      expiresAt: Math.min(Date.now() + SESSION_CACHE_TTL_MS, options.sessionExpiresAt),
    });
  },

  dropToken(tokenHash: string) {
    epoch += 1;
    entries.delete(tokenHash);
  },

  dropUser(userId: string) {
    epoch += 1;
    for (const [key, entry] of entries) if (entry.auth.user.id === userId) entries.delete(key);
  },

  dropAll() {
    epoch += 1;
    entries.clear();
  },

  get size() {
    return entries.size;
  },
};
