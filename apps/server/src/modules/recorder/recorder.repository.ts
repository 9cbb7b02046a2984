import { and, asc, count, desc, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { recordingManifestEntries, recordingManifests } from '../../db/schema.ts';
import type { Manifest } from './manifest.ts';

export type ManifestRow = typeof recordingManifestEntries.$inferSelect;
export type NewManifestRow = typeof recordingManifestEntries.$inferInsert;

/** The chain's head: the last entry's number and hash. */
export async function lastEntry(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select({ seq: recordingManifestEntries.seq, hash: recordingManifestEntries.hash })
    .from(recordingManifestEntries)
    .where(eq(recordingManifestEntries.applicationId, applicationId))
    .orderBy(desc(recordingManifestEntries.seq))
    .limit(1);
  return row ?? null;
}

export async function insertEntry(db: DbOrTx, row: NewManifestRow) {
  await db.insert(recordingManifestEntries).values(row);
}

export const listEntries = (db: DbOrTx, applicationId: string) =>
  db
    .select()
    .from(recordingManifestEntries)
    .where(eq(recordingManifestEntries.applicationId, applicationId))
    .orderBy(asc(recordingManifestEntries.seq));

/** The participant's last take, so a reconnect after a restart does not reuse a take's number. */
export async function lastTake(db: DbOrTx, options: { applicationId: string; participant: string }) {
  const [row] = await db
    .select({ take: max(recordingManifestEntries.take) })
    .from(recordingManifestEntries)
    .where(
      and(
        eq(recordingManifestEntries.applicationId, options.applicationId),
        eq(recordingManifestEntries.participant, options.participant),
      ),
    );
  return row?.take ?? null;
}

/** The signed manifest as the act ended (stored again if a failed seal is retried). */
export async function storeManifest(
  db: DbOrTx,
  row: { applicationId: string; finalHash: string; partCount: number; manifest: Manifest },
) {
  await db
    .insert(recordingManifests)
    .values(row)
    .onConflictDoUpdate({
      target: recordingManifests.applicationId,
      set: { finalHash: row.finalHash, partCount: row.partCount, manifest: row.manifest },
    });
}

export async function deleteStoredManifest(db: DbOrTx, applicationId: string) {
  await db.delete(recordingManifests).where(eq(recordingManifests.applicationId, applicationId));
}

export async function findStoredManifest(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select({ manifest: recordingManifests.manifest })
    .from(recordingManifests)
    .where(eq(recordingManifests.applicationId, applicationId));
  return (row?.manifest as Manifest | undefined) ?? null;
}

/** How far the recording got: stored parts, the last one's end, and whether the act's manifest is stored. */
export async function progress(db: DbOrTx, applicationId: string) {
  const [parts] = await db
    .select({ count: count(), last: max(recordingManifestEntries.toAt) })
    .from(recordingManifestEntries)
    .where(
      and(
        eq(recordingManifestEntries.applicationId, applicationId),
        eq(recordingManifestEntries.kind, 'part'),
      ),
    );
  const [stored] = await db
    .select({ finalHash: recordingManifests.finalHash })
    .from(recordingManifests)
    .where(eq(recordingManifests.applicationId, applicationId));
  return {
    parts: Number(parts?.count ?? 0),
    lastPartAt: parts?.last ?? null,
    finalHash: stored?.finalHash ?? null,
  };
}
