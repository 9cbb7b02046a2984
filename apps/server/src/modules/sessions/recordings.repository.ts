import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
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

/**
 * A finished recording as the notary's browser left it before decision 0081 (nothing records this way any more): the
 * test builders make such old sessions with it, so their playback and retention stay checked.
 */
export async function insertFinished(
  db: DbOrTx,
  row: Required<
    Pick<
      typeof sessionRecordings.$inferInsert,
      | 'applicationId'
      | 'notaryId'
      | 'blobKey'
      | 'sha256'
      | 'sizeBytes'
      | 'durationMs'
      | 'finishedAt'
      | 'retainUntil'
    >
  >,
) {
  const [inserted] = await db
    .insert(sessionRecordings)
    .values({ ...row, status: 'finished' })
    .returning();
  if (!inserted) throw new Error('recording not inserted');
  return inserted;
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
