import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeyErrors } from './api-keys.errors.ts';
import * as repo from './api-keys.repository.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A claim with no answer after this long belongs to a request that died with its process: a retry takes it. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyStart =
  | { kind: 'run'; id: string }
  | { kind: 'replay'; status: number; type: string | null; body: string };

/** What makes two requests "the same": method, route, its parameters and the parsed body. */
export function fingerprintOf(request: { method: string; route: string; params: unknown; body: unknown }) {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.route, request.params ?? null, request.body ?? null]))
    .digest('hex');
}

/**
 * Idempotent POSTs (decision 0070). The claim is one INSERT … ON CONFLICT DO NOTHING on (caller, key): of two
 * concurrent requests with one key exactly one inserts and runs; the other finds the row and is answered from it
 * (a replay once the first finished, 409 while it runs, 422 when its request differs).
 */
export function createIdempotencyService(deps: { db: DbOrTx; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    checkKey(key: string) {
      if (!KEY_SHAPE.test(key)) throw apiKeyErrors.idempotencyKeyInvalid();
    },

    async start(options: { caller: string; key: string; fingerprint: string }): Promise<IdempotencyStart> {
      const at = now();
      // A key is kept 24 hours: the caller's expired rows go first, so an old key can be used again.
      await repo.purgeIdempotent(db, new Date(at.getTime() - IDEMPOTENCY_WINDOW_MS), options.caller);
      const claimed = await repo.claimIdempotencyKey(db, {
        caller: options.caller,
        idempotencyKey: options.key,
        fingerprint: options.fingerprint,
        createdAt: at,
      });
      if (claimed) return { kind: 'run', id: claimed.id };
      const first = await repo.findIdempotent(db, options.caller, options.key);
      // Purged between the two statements by the daily job: rare enough to ask for a retry.
      if (!first) throw apiKeyErrors.idempotencyInProgress();
      if (first.fingerprint !== options.fingerprint) throw apiKeyErrors.idempotencyKeyReused();
      if (first.responseStatus === null || first.responseBody === null) {
        const before = new Date(at.getTime() - ABANDONED_AFTER_MS);
        const taken = await repo.takeOverStale(db, first.id, before, at);
        if (taken) return { kind: 'run', id: taken.id };
        throw apiKeyErrors.idempotencyInProgress();
      }
      return {
        kind: 'replay',
        status: first.responseStatus,
        type: first.responseType,
        body: first.responseBody,
      };
    },

    /** The first answer, kept for retries. */
    complete: (id: string, answer: { status: number; type: string | null; body: string }) =>
      repo.completeIdempotent(db, id, answer),

    /** A server failure is not an answer to replay: the key is freed so a retry runs again. */
    release: (id: string) => repo.deleteIdempotent(db, id),

    /** The daily job: every caller's rows past the window. */
    purgeExpired: () => repo.purgeIdempotent(db, new Date(now().getTime() - IDEMPOTENCY_WINDOW_MS)),
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
