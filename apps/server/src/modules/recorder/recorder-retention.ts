import type { DbOrTx } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import * as repo from './recorder-retention.repository.ts';

/** How long the server recording is kept: RECORDING_RETENTION_YEARS from the act's end, as the browser recording. */
export const DEFAULT_RETENTION_YEARS = 10;

export function retainUntil(actEnd: Date, years: number) {
  const until = new Date(actEnd);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
}

/** When the session's server recording had its files deleted (retention ended); null while kept or never stored. */
export async function serverRecordingPurgedAt(db: DbOrTx, applicationId: string): Promise<Date | null> {
  const [facts] = await repo.factsOf(db, [applicationId]);
  return facts?.purgedAt ?? null;
}

/**
 * The facts of each session's stored server recording (no media): final hash, parts, tracks (one per participant
 * recorded), when it was stored, kept until and purged at. Sessions without a stored manifest are not listed.
 */
export async function serverRecordingFacts(db: DbOrTx, applicationIds: string[]) {
  const rows = await repo.factsOf(db, applicationIds);
  return rows.map((row) => ({
    applicationId: row.applicationId,
    finalHash: row.finalHash,
    parts: row.partCount,
    tracks: Number(row.tracks),
    storedAt: row.storedAt.toISOString(),
    keptUntil: row.retainUntil?.toISOString() ?? null,
    purgedAt: row.purgedAt?.toISOString() ?? null,
  }));
}

/** The retention view's per-day counts of server recordings (issue 26), beside the browser recordings'. */
export const countServerRecordingRetentionByDay = (db: DbOrTx, options: { from: Date; until: Date }) =>
  repo.countByDay(db, options);

export type RecorderRetention = ReturnType<typeof createRecorderRetention>;

/**
 * Retention of the server recording (decision 0085), run by the same job as the browser recordings' purge: once a
 * stored manifest's `retain_until` has passed, every file its chain refers to is deleted, then `purged_at` is set. The
 * entries and the manifest stay: the chain's hashes and the final hash are facts the certificate and the register
 * cite. Crash-safe and idempotent: a file already gone counts as deleted, and the mark comes only after every delete,
 * so an interrupted run is finished by the next; a marked session is not looked at again.
 */
export function createRecorderRetention(deps: {
  db: DbOrTx;
  blobStore: BlobStore;
  /** A file could not be deleted (the retention module records and alerts; the next run tries again). */
  onPurgeFailure?: (failure: { kind: 'server_recording'; recordId: string; error: unknown }) => Promise<void>;
}) {
  const { db, blobStore } = deps;

  async function deleteFile(key: string) {
    try {
      await blobStore.delete(key);
    } catch (error) {
      // A store that refuses to delete what it no longer has: gone is what the purge wants.
      if (await blobStore.exists(key).catch(() => true)) throw error;
    }
  }

  return {
    /** Returns how many sessions' recordings were purged in this run. */
    async purgeExpired(now = new Date()) {
      let purged = 0;
      for (const { applicationId } of await repo.findDue(db, now)) {
        try {
          for (const key of await repo.blobKeysOf(db, applicationId)) await deleteFile(key);
        } catch (error) {
          await deps.onPurgeFailure?.({ kind: 'server_recording', recordId: applicationId, error });
          continue;
        }
        await repo.markPurged(db, { applicationId, at: now });
        purged += 1;
      }
      return purged;
    },
  };
}
