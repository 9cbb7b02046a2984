import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { recordingCompositions, recordingManifestEntries, recordingManifests } from '../../db/schema.ts';
import type { Manifest } from './manifest.ts';

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

/** The stored manifest signed again with the composed entry; the final hash column stays the act's (the certificate's). */
export async function replaceStoredManifest(db: DbOrTx, applicationId: string, manifest: Manifest) {
  await db
    .update(recordingManifests)
    .set({ manifest })
    .where(eq(recordingManifests.applicationId, applicationId));
}
