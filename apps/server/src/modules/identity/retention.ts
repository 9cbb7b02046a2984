import { IDENTITY_RETENTION_DAYS } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { findDueForRetention, markFileDeleted } from './identity.repository.ts';

const DAY_MS = 86_400_000;
const BATCH = 200;

/**
 * Deletes identity images and selfies 90 days after capture (privacy policy; domain rules): the file goes, the row
 * stays with its hash and the check's result, as the record that it existed. Safe to run at any time and from any
 * process: the file is deleted before the row is marked, so a crash in between only repeats a deletion.
 */
export async function runIdentityRetention(deps: { db: Database; blobStore: BlobStore; now?: Date }) {
  const cutoff = new Date((deps.now ?? new Date()).getTime() - IDENTITY_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const due = await findDueForRetention(deps.db, { cutoff, limit: BATCH });
    for (const row of due) {
      if (row.blobKey) await deps.blobStore.delete(row.blobKey);
      await markFileDeleted(deps.db, row.id);
      deleted += 1;
    }
    if (due.length < BATCH) return { deleted };
  }
}
