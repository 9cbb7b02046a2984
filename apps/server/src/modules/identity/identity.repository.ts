import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  applicationSignatories,
  applications,
  identityAccessLog,
  identityDocuments,
} from '../../db/schema.ts';

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

/** Serialises the last signatories' submissions, so exactly one of them finds everyone done. */
export async function lockApplication(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, id))
    .for('update');
  return row;
}

/** The application and signatory an identity read is about, when the signatory belongs to it. */
export async function findSignatoryOfApplication(db: DbOrTx, applicationId: string, signatoryId: string) {
  const [row] = await db
    .select({
      status: applications.status,
      assignedNotaryId: applications.assignedNotaryId,
      signatoryId: applicationSignatories.id,
    })
    .from(applications)
    .innerJoin(applicationSignatories, eq(applicationSignatories.applicationId, applications.id))
    .where(and(eq(applications.id, applicationId), eq(applicationSignatories.id, signatoryId)));
  return row;
}

export async function logAccess(db: DbOrTx, values: typeof identityAccessLog.$inferInsert) {
  await db.insert(identityAccessLog).values(values);
}
