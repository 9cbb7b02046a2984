import { IDENTITY_RETENTION_DAYS } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { countByDay, findDueForRetention, markFileDeleted } from './identity.repository.ts';

const DAY_MS = 86_400_000;
const BATCH = 200;

/**
 * Deletes identity images and selfies 90 days after capture (privacy policy; domain rules): the file goes, the row
 * stays with its hash and the check's result, as the record that it existed. Safe to run at any time and from any
 * process: the file is deleted before the row is marked, so a crash in between only repeats a deletion.
 */
export async function runIdentityRetention(deps: {
  db: Database;
  blobStore: BlobStore;
  now?: Date;
  /** A file that could not be deleted: recorded and alerted by the retention module (issue 26); tried next run. */
  onFailure?: (failure: { kind: 'identity_file'; recordId: string; error: unknown }) => Promise<void>;
}) {
  const cutoff = new Date((deps.now ?? new Date()).getTime() - IDENTITY_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  let failed = 0;
  // A failed row stays due: skip past it, or one stuck file would stop the batch loop from ever ending.
  const skip = new Set<string>();
  for (;;) {
    const due = (await findDueForRetention(deps.db, { cutoff, limit: BATCH + skip.size })).filter(
      (row) => !skip.has(row.id),
    );
    for (const row of due) {
      try {
        if (row.blobKey) await deps.blobStore.delete(row.blobKey);
      } catch (error) {
        skip.add(row.id);
        failed += 1;
        await deps.onFailure?.({ kind: 'identity_file', recordId: row.id, error });
        continue;
      }
      await markFileDeleted(deps.db, row.id);
      deleted += 1;
    }
    if (due.length < BATCH) return { deleted, failed };
  }
}

/** The retention view's per-day counts (issue 26). */
export const countIdentityRetentionByDay = (db: Database, from: Date) => countByDay(db, from);
