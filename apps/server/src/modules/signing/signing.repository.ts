import type { PlacedSignature } from '@mohar/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentVersions, signaturePlacements, signatures } from '../../db/schema.ts';

export async function signaturesOf(db: DbOrTx, applicationId: string) {
  return db.select().from(signatures).where(eq(signatures.applicationId, applicationId));
}

export async function latestVersion(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.applicationId, applicationId))
    .orderBy(desc(documentVersions.seq))
    .limit(1);
  return row;
}

export async function maxVersionSeq(db: DbOrTx, applicationId: string): Promise<number> {
  const [latest] = await db
    .select({ seq: sql<number>`max(${documentVersions.seq})` })
    .from(documentVersions)
    .where(eq(documentVersions.applicationId, applicationId));
  return Number(latest?.seq ?? 0);
}

export async function insertVersion(db: DbOrTx, row: typeof documentVersions.$inferInsert) {
  await db.insert(documentVersions).values(row);
}

export async function insertSignature(db: DbOrTx, row: typeof signatures.$inferInsert) {
  await db.insert(signatures).values(row);
}

export async function placementsOfApplication(db: DbOrTx, applicationId: string) {
  return db
    .select()
    .from(signaturePlacements)
    .where(eq(signaturePlacements.applicationId, applicationId))
    .orderBy(asc(signaturePlacements.page), asc(signaturePlacements.createdAt));
}

/** Replaces every placement of the application (the editor always sends the whole set). */
export async function replacePlacements(
  db: DbOrTx,
  options: {
    applicationId: string;
    origin: 'owner' | 'notary';
    placements: PlacedSignature[];
  },
) {
  await db.delete(signaturePlacements).where(eq(signaturePlacements.applicationId, options.applicationId));
  if (options.placements.length === 0) return;
  await db
    .insert(signaturePlacements)
    .values(
      options.placements.map((p) => ({ ...p, applicationId: options.applicationId, origin: options.origin })),
    );
}

export async function insertDefaultPlacements(
  db: DbOrTx,
  rows: Array<PlacedSignature & { applicationId: string }>,
) {
  if (rows.length === 0) return;
  await db.insert(signaturePlacements).values(rows.map((row) => ({ ...row, origin: 'default' })));
}

export async function deletePlacements(db: DbOrTx, applicationId: string) {
  await db.delete(signaturePlacements).where(eq(signaturePlacements.applicationId, applicationId));
}

export async function hasSignatures(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(eq(signatures.applicationId, applicationId))
    .limit(1);
  return Boolean(row);
}
