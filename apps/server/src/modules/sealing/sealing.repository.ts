import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { seals } from '../../db/schema.ts';

export type SealRow = typeof seals.$inferSelect;

export async function findByApplication(db: DbOrTx, applicationId: string): Promise<SealRow | undefined> {
  const [row] = await db.select().from(seals).where(eq(seals.applicationId, applicationId));
  return row;
}

/** A first seal for the application, or undefined when one exists already. */
export async function insertIfAbsent(
  db: DbOrTx,
  row: { applicationId: string; notaryId: string; verificationCode: string },
) {
  const inserted = await db
    .insert(seals)
    .values({ ...row, attempts: 1 })
    .onConflictDoNothing()
    .returning();
  return inserted[0];
}

/** Takes a failed seal, or one left running before `staleBefore`, for a new attempt (one guarded UPDATE). */
export async function retake(db: DbOrTx, options: { applicationId: string; staleBefore: Date }) {
  const [taken] = await db
    .update(seals)
    .set({
      status: 'running',
      attempts: sql`${seals.attempts} + 1`,
      startedAt: new Date(),
      lastError: null,
    })
    .where(
      and(
        eq(seals.applicationId, options.applicationId),
        or(
          eq(seals.status, 'failed'),
          and(eq(seals.status, 'running'), lt(seals.startedAt, options.staleBefore)),
        ),
      ),
    )
    .returning();
  return taken;
}

export async function markDone(
  db: DbOrTx,
  options: {
    applicationId: string;
    sealedBlobKey: string;
    sealedSha256: string;
    signatureSha256: string | null;
    sizeBytes: number;
  },
) {
  const { applicationId, ...changes } = options;
  await db
    .update(seals)
    .set({ status: 'done', ...changes, finishedAt: new Date() })
    .where(eq(seals.applicationId, applicationId));
}

/** Only a running seal becomes failed; false when it was not running (finished or failed meanwhile). */
export async function markFailed(db: DbOrTx, options: { applicationId: string; lastError: string }) {
  const failed = await db
    .update(seals)
    .set({ status: 'failed', lastError: options.lastError })
    .where(and(eq(seals.applicationId, options.applicationId), eq(seals.status, 'running')))
    .returning();
  return failed.length > 0;
}

/** Seals left running since before `staleBefore` (a crash, a restart). */
export function findStaleRunning(db: DbOrTx, staleBefore: Date) {
  return db
    .select({ applicationId: seals.applicationId, notaryId: seals.notaryId })
    .from(seals)
    .where(and(eq(seals.status, 'running'), lt(seals.startedAt, staleBefore)));
}

/** A finished seal by one of its fingerprints (the sealed file, its signature, the verification code). */
export async function findDoneBy(
  db: DbOrTx,
  options: { column: 'sealedSha256' | 'signatureSha256' | 'verificationCode'; value: string },
) {
  const [row] = await db.select().from(seals).where(eq(seals[options.column], options.value)).limit(1);
  return row?.status === 'done' ? row : null;
}

/** Every seal whose last attempt failed, the longest waiting first. */
export function listFailed(db: DbOrTx) {
  return db.select().from(seals).where(eq(seals.status, 'failed')).orderBy(seals.startedAt);
}
