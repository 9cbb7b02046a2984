import { and, asc, desc, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { recordingManifestEntries } from '../../db/schema.ts';

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
