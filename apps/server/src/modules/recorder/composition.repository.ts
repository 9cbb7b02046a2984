import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { recordingCompositions, recordingManifestEntries, recordingManifests } from '../../db/schema.ts';
import type { Manifest } from './manifest.ts';
import { lastEntry, type NewManifestRow } from './recorder.repository.ts';

export type TakeDuration = { participant: string; take: number; durationMs: number };
export type CompositionRow = typeof recordingCompositions.$inferSelect;

/** The composed view is wanted (the act ended with its manifest stored); a second call changes nothing. */
export async function queueComposition(db: DbOrTx, applicationId: string) {
  await db
    .insert(recordingCompositions)
    .values({ applicationId, status: 'pending' })
    .onConflictDoNothing({ target: recordingCompositions.applicationId });
}

export async function findComposition(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select()
    .from(recordingCompositions)
    .where(eq(recordingCompositions.applicationId, applicationId));
  return row ?? null;
}

/** Sessions with a stored manifest whose composed view is pending, or was never queued (a crash after the seal). */
export async function dueCompositions(db: DbOrTx, limit: number) {
  const rows = await db
    .select({ applicationId: recordingManifests.applicationId })
    .from(recordingManifests)
    .leftJoin(
      recordingCompositions,
      eq(recordingCompositions.applicationId, recordingManifests.applicationId),
    )
    .where(
      and(
        // A recording whose retention ended has no tracks left to compose (decision 0085).
        isNull(recordingManifests.purgedAt),
        or(isNull(recordingCompositions.applicationId), eq(recordingCompositions.status, 'pending')),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.applicationId);
}

export async function updateComposition(
  db: DbOrTx,
  applicationId: string,
  set: Partial<Pick<CompositionRow, 'status' | 'failure' | 'takes'>> & { attempt?: boolean },
) {
  const { attempt, ...values } = set;
  await db
    .update(recordingCompositions)
    .set({
      ...values,
      ...(attempt ? { attempts: sql`${recordingCompositions.attempts} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(recordingCompositions.applicationId, applicationId));
}

export async function findComposedEntry(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select()
    .from(recordingManifestEntries)
    .where(
      and(
        eq(recordingManifestEntries.applicationId, applicationId),
        eq(recordingManifestEntries.kind, 'composed'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Chains the composed view after the head, once: under the session's chain lock (decision 0083), unless a composed
 * entry is there already (a retried or concurrent run), so a session never gets two. Returns whether it was added.
 */
export async function appendComposedOnce(
  db: Database,
  applicationId: string,
  build: (head: { seq: number; hash: string } | null) => NewManifestRow,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`recorder:${applicationId}`}, 0))`);
    if (await findComposedEntry(tx, applicationId)) return false;
    await tx.insert(recordingManifestEntries).values(build(await lastEntry(tx, applicationId)));
    return true;
  });
}

/** The stored manifest signed again with the composed entry; the final hash column stays the act's (the certificate's). */
export async function replaceStoredManifest(db: DbOrTx, applicationId: string, manifest: Manifest) {
  await db
    .update(recordingManifests)
    .set({ manifest })
    .where(eq(recordingManifests.applicationId, applicationId));
}
