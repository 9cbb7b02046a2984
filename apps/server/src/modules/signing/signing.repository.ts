import type { PlacedSignature } from '@mohar/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  applicationSignatories,
  applications,
  documentVersions,
  signaturePlacements,
  signatures,
} from '../../db/schema.ts';

/** The application locked for this change (one signature at a time). */
export async function lockApplication(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

export async function findApplication(db: DbOrTx, id: string) {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

/** Signatories in signing order: the notary's order when set, else the owner's. */
export async function signingOrder(db: DbOrTx, applicationId: string) {
  const rows = await db
    .select()
    .from(applicationSignatories)
    .where(eq(applicationSignatories.applicationId, applicationId))
    .orderBy(asc(applicationSignatories.position));
  return rows.sort((a, b) => (a.signOrder ?? a.position) - (b.signOrder ?? b.position));
}

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

export async function insertVersion(db: DbOrTx, row: typeof documentVersions.$inferInsert) {
  await db.insert(documentVersions).values(row);
}

export async function insertSignature(db: DbOrTx, row: typeof signatures.$inferInsert) {
  await db.insert(signatures).values(row);
}

export async function setSignOrder(db: DbOrTx, signatoryId: string, signOrder: number) {
  await db
    .update(applicationSignatories)
    .set({ signOrder })
    .where(eq(applicationSignatories.id, signatoryId));
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

export async function setInitialsOnEveryPage(db: DbOrTx, applicationId: string, value: boolean) {
  await db
    .update(applications)
    .set({ initialsOnEveryPage: value, updatedAt: new Date() })
    .where(eq(applications.id, applicationId));
}

export async function hasSignatures(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(eq(signatures.applicationId, applicationId))
    .limit(1);
  return Boolean(row);
}
