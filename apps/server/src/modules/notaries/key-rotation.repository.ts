import { eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notaryProfiles } from '../../db/schema.ts';

type SigningCertificate = NonNullable<(typeof notaryProfiles.$inferSelect)['signingCertificate']>;

/** Every notary with a stored signing certificate, whose P12 passphrase is sealed (ENCRYPTION_KEY rotation). */
export function listSigningCertificates(db: DbOrTx) {
  return db
    .select({ userId: notaryProfiles.userId, signingCertificate: notaryProfiles.signingCertificate })
    .from(notaryProfiles)
    .where(isNotNull(notaryProfiles.signingCertificate));
}

export async function updateSigningCertificate(db: DbOrTx, userId: string, value: SigningCertificate) {
  await db.update(notaryProfiles).set({ signingCertificate: value }).where(eq(notaryProfiles.userId, userId));
}
