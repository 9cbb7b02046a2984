import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { identityAccessLog, identityDocuments } from '../../db/schema.ts';

/** The signatory's current images: one per kind, neither superseded nor deleted. */
export function currentDocuments(db: DbOrTx, signatoryId: string) {
  return db
    .select()
    .from(identityDocuments)
    .where(
      and(
        eq(identityDocuments.signatoryId, signatoryId),
        isNull(identityDocuments.supersededAt),
        isNull(identityDocuments.deletedAt),
      ),
    )
    .orderBy(asc(identityDocuments.createdAt));
}

export async function insertDocument(tx: DbOrTx, values: typeof identityDocuments.$inferInsert) {
  await tx.insert(identityDocuments).values(values);
}

/** A newer image of the same kind replaces this one: the row stays as a record, its blob goes. */
export async function supersede(tx: DbOrTx, id: string) {
  await tx
    .update(identityDocuments)
    .set({ supersededAt: sql`now()`, deletedAt: sql`now()`, blobKey: null })
    .where(eq(identityDocuments.id, id));
}

/** Current documents of these signatories of an application (the session's evidence; never the images). */
export function currentEvidence(db: DbOrTx, options: { applicationId: string; signatoryIds: string[] }) {
  return db
    .select({
      signatoryId: identityDocuments.signatoryId,
      kind: identityDocuments.kind,
      qrOutcome: identityDocuments.qrOutcome,
      aadhaarLast4: identityDocuments.aadhaarLast4,
      qrMismatches: identityDocuments.qrMismatches,
    })
    .from(identityDocuments)
    .where(
      and(
        eq(identityDocuments.applicationId, options.applicationId),
        inArray(identityDocuments.signatoryId, options.signatoryIds),
        isNull(identityDocuments.supersededAt),
        isNull(identityDocuments.deletedAt),
      ),
    );
}

/** Files still kept that were captured before `cutoff`, a batch at a time. */
export function findDueForRetention(db: DbOrTx, options: { cutoff: Date; limit: number }) {
  return db
    .select({ id: identityDocuments.id, blobKey: identityDocuments.blobKey })
    .from(identityDocuments)
    .where(
      and(
        isNull(identityDocuments.deletedAt),
        isNotNull(identityDocuments.blobKey),
        lt(identityDocuments.createdAt, options.cutoff),
      ),
    )
    .limit(options.limit);
}

/** The file is gone: the row stays with its hash and the check's result. */
export async function markFileDeleted(db: DbOrTx, id: string) {
  await db
    .update(identityDocuments)
    .set({ blobKey: null, deletedAt: sql`now()` })
    .where(eq(identityDocuments.id, id));
}

export async function logAccess(db: DbOrTx, values: typeof identityAccessLog.$inferInsert) {
  await db.insert(identityAccessLog).values(values);
}

/** Per IST day since `from`: identity images captured, and those the 90-day purge deleted (not superseded ones). */
export async function countByDay(db: DbOrTx, from: Date) {
  const day = (column: typeof identityDocuments.createdAt | typeof identityDocuments.deletedAt) =>
    sql<string>`to_char(${column} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  const [captured, purged] = await Promise.all([
    db
      .select({ day: day(identityDocuments.createdAt), n: sql<number>`count(*)::int` })
      .from(identityDocuments)
      .where(gte(identityDocuments.createdAt, from))
      .groupBy(day(identityDocuments.createdAt)),
    db
      .select({ day: day(identityDocuments.deletedAt), n: sql<number>`count(*)::int` })
      .from(identityDocuments)
      .where(and(gte(identityDocuments.deletedAt, from), isNull(identityDocuments.supersededAt)))
      .groupBy(day(identityDocuments.deletedAt)),
  ]);
  return { captured, purged };
}
