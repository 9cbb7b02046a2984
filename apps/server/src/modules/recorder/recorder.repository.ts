import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { recordingManifestEntries, recordingManifests, sessionEvents } from '../../db/schema.ts';
import type { Manifest } from './manifest.ts';
import { CARRIED_GAP_NOTES } from './restart-note.ts';

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

/** One entry as it is (the test builders chain theirs themselves); the recorder appends with `appendEntry`. */
export async function insertEntry(db: DbOrTx, row: NewManifestRow) {
  await db.insert(recordingManifestEntries).values(row);
}

/**
 * Appends one entry after the chain's head, serialised across processes (decision 0083): participants of one call
 * may sit on different processes, each recording its own, so the head is read and the entry inserted under a
 * transaction-scoped advisory lock on the session. Two processes appending at once queue; the second reads the
 * first's entry as its head, so the chain never forks and no part's entry is refused.
 */
export async function appendEntry(
  db: Database,
  applicationId: string,
  build: (head: { seq: number; hash: string } | null) => NewManifestRow,
  /** Under the same lock: true when the entry is already there (the composed view's once-only entry). Not added. */
  isPresent?: (tx: DbOrTx) => Promise<boolean>,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`recorder:${applicationId}`}, 0))`);
    if (await isPresent?.(tx)) return false;
    await tx.insert(recordingManifestEntries).values(build(await lastEntry(tx, applicationId)));
    return true;
  });
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
  row: { applicationId: string; finalHash: string; partCount: number; manifest: Manifest; retainUntil: Date },
) {
  await db
    .insert(recordingManifests)
    .values(row)
    .onConflictDoUpdate({
      target: recordingManifests.applicationId,
      set: {
        finalHash: row.finalHash,
        partCount: row.partCount,
        manifest: row.manifest,
        retainUntil: row.retainUntil,
      },
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

const MEDIA_FACTS = ['recording_started', 'media_gap', 'media_resumed'];

/**
 * People whose latest media fact is a gap that outlives its connection — a stopping process handed them over
 * (decision 0083), or the notary left the call mid-act (decision 0086) — with when: no recorder has received their
 * media since.
 */
export async function handedOverGaps(db: DbOrTx, applicationId: string) {
  const rows = await db
    .select({
      actor: sessionEvents.actor,
      kind: sessionEvents.kind,
      note: sessionEvents.note,
      at: sessionEvents.createdAt,
    })
    .from(sessionEvents)
    .where(and(eq(sessionEvents.applicationId, applicationId), inArray(sessionEvents.kind, MEDIA_FACTS)))
    .orderBy(asc(sessionEvents.createdAt));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) latest.set(row.actor, row);
  const gaps = new Map<string, Date>();
  for (const [actor, row] of latest)
    if (row.kind === 'media_gap' && row.note !== null && CARRIED_GAP_NOTES.has(row.note))
      gaps.set(actor, row.at);
  return gaps;
}

/** Sessions with a chain but no stored manifest (the act has not ended, or ended without the recorder told). */
export async function chainsWithoutManifest(db: DbOrTx, limit: number) {
  // Each chain's first entry (seq 0) names its session once.
  const rows = await db
    .select({ applicationId: recordingManifestEntries.applicationId })
    .from(recordingManifestEntries)
    .where(
      and(
        eq(recordingManifestEntries.seq, 0),
        sql`not exists (select 1 from ${recordingManifests} m where m.application_id = ${recordingManifestEntries.applicationId})`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.applicationId);
}
