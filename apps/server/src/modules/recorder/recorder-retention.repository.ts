import { and, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { recordingManifestEntries, recordingManifests } from '../../db/schema.ts';

/** Stored manifests whose retention ended and whose parts' files are not yet deleted. */
export function findDue(db: DbOrTx, now: Date) {
  return db
    .select({ applicationId: recordingManifests.applicationId })
    .from(recordingManifests)
    .where(and(isNull(recordingManifests.purgedAt), lte(recordingManifests.retainUntil, now)));
}

/**
 * Every file the session's chain refers to, whatever the entry's kind (parts today; any later kind with a file, e.g.
 * a composed view, goes with them).
 */
export async function blobKeysOf(db: DbOrTx, applicationId: string): Promise<string[]> {
  const rows = await db
    .select({ blobKey: recordingManifestEntries.blobKey })
    .from(recordingManifestEntries)
    .where(
      and(
        eq(recordingManifestEntries.applicationId, applicationId),
        isNotNull(recordingManifestEntries.blobKey),
      ),
    );
  return rows.flatMap((row) => (row.blobKey ? [row.blobKey] : []));
}

/** The files are gone: the entries (append-only, their hashes are facts) and the manifest stay as they are. */
export async function markPurged(db: DbOrTx, options: { applicationId: string; at: Date }) {
  await db
    .update(recordingManifests)
    .set({ purgedAt: options.at })
    .where(
      and(eq(recordingManifests.applicationId, options.applicationId), isNull(recordingManifests.purgedAt)),
    );
}

/** What is known of each session's stored manifest (no media): for the privacy export and playback. */
export async function factsOf(db: DbOrTx, applicationIds: string[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: recordingManifests.applicationId,
      finalHash: recordingManifests.finalHash,
      partCount: recordingManifests.partCount,
      tracks: sql<number>`(select count(distinct e.participant)::int from ${recordingManifestEntries} e
        where e.application_id = ${recordingManifests.applicationId} and e.kind = 'part')`,
      storedAt: recordingManifests.createdAt,
      retainUntil: recordingManifests.retainUntil,
      purgedAt: recordingManifests.purgedAt,
    })
    .from(recordingManifests)
    .where(inArray(recordingManifests.applicationId, applicationIds));
}

/** Per IST day since `from` (and not after `until`): server recordings whose retention ended, and those purged. */
export async function countByDay(db: DbOrTx, options: { from: Date; until: Date }) {
  const day = (column: typeof recordingManifests.retainUntil | typeof recordingManifests.purgedAt) =>
    sql<string>`to_char(${column} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  const [due, purged] = await Promise.all([
    db
      .select({ day: day(recordingManifests.retainUntil), n: sql<number>`count(*)::int` })
      .from(recordingManifests)
      .where(
        and(
          gte(recordingManifests.retainUntil, options.from),
          lte(recordingManifests.retainUntil, options.until),
        ),
      )
      .groupBy(day(recordingManifests.retainUntil)),
    db
      .select({ day: day(recordingManifests.purgedAt), n: sql<number>`count(*)::int` })
      .from(recordingManifests)
      .where(gte(recordingManifests.purgedAt, options.from))
      .groupBy(day(recordingManifests.purgedAt)),
  ]);
  return { due, purged };
}
