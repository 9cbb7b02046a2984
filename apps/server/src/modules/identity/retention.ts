import { IDENTITY_RETENTION_DAYS } from '@mohar/contracts';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { identityDocuments } from '../../db/schema.ts';
import type { BlobStore } from '../../platform/blob-store.ts';

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
    const due = await deps.db
      .select({ id: identityDocuments.id, blobKey: identityDocuments.blobKey })
      .from(identityDocuments)
      .where(
        and(
          isNull(identityDocuments.deletedAt),
          isNotNull(identityDocuments.blobKey),
          lt(identityDocuments.createdAt, cutoff),
        ),
      )
      .limit(BATCH);
    for (const row of due) {
      if (row.blobKey) await deps.blobStore.delete(row.blobKey);
      await deps.db
        .update(identityDocuments)
        .set({ blobKey: null, deletedAt: sql`now()` })
        .where(eq(identityDocuments.id, row.id));
      deleted += 1;
    }
    if (due.length < BATCH) return { deleted };
  }
}
