import { and, asc, eq, gte, isNull, lte, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { recordingChunks, sessionRecordings } from '../../db/schema.ts';

export type RecordingRow = typeof sessionRecordings.$inferSelect;

export async function findByApplication(
  db: DbOrTx,
  applicationId: string,
): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select()
    .from(sessionRecordings)
    .where(eq(sessionRecordings.applicationId, applicationId));
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<RecordingRow | undefined> {
  const [row] = await db.select().from(sessionRecordings).where(eq(sessionRecordings.id, id));
  return row;
}

/** One recording per application: a second start finds the first. */
export async function insertIfAbsent(db: DbOrTx, row: { applicationId: string; notaryId: string }) {
  await db.insert(sessionRecordings).values(row).onConflictDoNothing();
}

/** Only a recording still running becomes finished; returns it, or undefined when another request finished it. */
export async function markFinished(
  db: DbOrTx,
  options: {
    id: string;
    blobKey: string;
    sha256: string;
    sizeBytes: number;
    durationMs: number;
    finishedAt: Date;
    retainUntil: Date;
  },
) {
  const { id, ...changes } = options;
  const [row] = await db
    .update(sessionRecordings)
    .set({ status: 'finished', ...changes })
    .where(and(eq(sessionRecordings.id, id), eq(sessionRecordings.status, 'recording')))
    .returning();
  return row;
}

export function findExpired(db: DbOrTx, now: Date) {
  return db
    .select({ id: sessionRecordings.id, blobKey: sessionRecordings.blobKey })
    .from(sessionRecordings)
    .where(and(isNull(sessionRecordings.deletedAt), lte(sessionRecordings.retainUntil, now)));
}

/** The file is gone; the row and its hash stay (the certificate cites it). */
export async function markDeleted(db: DbOrTx, options: { id: string; at: Date }) {
  await db
    .update(sessionRecordings)
    .set({ deletedAt: options.at, blobKey: null })
    .where(eq(sessionRecordings.id, options.id));
}

export function listChunks(db: DbOrTx, recordingId: string) {
  return db
    .select()
    .from(recordingChunks)
    .where(eq(recordingChunks.recordingId, recordingId))
    .orderBy(asc(recordingChunks.index));
}

export async function findChunk(db: DbOrTx, options: { recordingId: string; index: number }) {
  const [row] = await db
    .select()
    .from(recordingChunks)
    .where(
      and(eq(recordingChunks.recordingId, options.recordingId), eq(recordingChunks.index, options.index)),
    );
  return row;
}

/** False when a chunk with this index is already there (a retry raced us). */
export async function insertChunk(db: DbOrTx, row: typeof recordingChunks.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(recordingChunks).values(row).onConflictDoNothing().returning();
  return inserted.length > 0;
}

/** The highest chunk index received and when the last chunk arrived (nulls when none has). */
export async function chunkProgress(db: DbOrTx, recordingId: string) {
  const [row] = await db
    .select({ count: max(recordingChunks.index), last: max(recordingChunks.createdAt) })
    .from(recordingChunks)
    .where(eq(recordingChunks.recordingId, recordingId));
  return row;
}

/** Per IST day since `from` (and not after `until`): recordings whose retention ended, and those deleted. */
export async function countByDay(db: DbOrTx, options: { from: Date; until: Date }) {
  const day = (column: typeof sessionRecordings.retainUntil | typeof sessionRecordings.deletedAt) =>
    sql<string>`to_char(${column} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  const [due, purged] = await Promise.all([
    db
      .select({ day: day(sessionRecordings.retainUntil), n: sql<number>`count(*)::int` })
      .from(sessionRecordings)
      .where(
        and(
          gte(sessionRecordings.retainUntil, options.from),
          lte(sessionRecordings.retainUntil, options.until),
        ),
      )
      .groupBy(day(sessionRecordings.retainUntil)),
    db
      .select({ day: day(sessionRecordings.deletedAt), n: sql<number>`count(*)::int` })
      .from(sessionRecordings)
      .where(gte(sessionRecordings.deletedAt, options.from))
      .groupBy(day(sessionRecordings.deletedAt)),
  ]);
  return { due, purged };
}
