import type { Database } from '../../db/client.ts';
import type { Encryptor } from '../../platform/crypto.ts';
import * as repo from './key-rotation.repository.ts';

/** Re-seals every signing certificate's P12 passphrase with the current key; current ones are left. */
export async function resealCertificatePassphrases(db: Database, encryptor: Encryptor): Promise<number> {
  let changed = 0;
  for (const row of await repo.listSigningCertificates(db)) {
    const certificate = row.signingCertificate;
    const passphraseEncrypted = certificate ? encryptor.reseal(certificate.passphraseEncrypted) : null;
    if (!certificate || !passphraseEncrypted) continue;
    await repo.updateSigningCertificate(db, row.userId, { ...certificate, passphraseEncrypted });
    changed++;
  }
  return changed;
}
