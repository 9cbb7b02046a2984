import type { Database } from '../../db/client.ts';
import type { Encryptor } from '../../platform/crypto.ts';
import * as repo from './key-rotation.repository.ts';

/** Re-seals every MFA secret (active and pending) with the current key; values already sealed with it are left. */
export async function resealMfaSecrets(db: Database, encryptor: Encryptor): Promise<number> {
  let changed = 0;
  for (const row of await repo.listSealedSecrets(db)) {
    for (const column of ['mfaSecretEncrypted', 'mfaPendingSecretEncrypted'] as const) {
      const from = row[column];
      const to = from ? encryptor.reseal(from) : null;
      if (!from || !to) continue;
      await repo.replaceSealedSecret(db, { id: row.id, column, from, to });
      changed++;
    }
  }
  return changed;
}

/** One sealed MFA secret, if any account has one: does the key about to be used open data already stored? */
export async function anySealedMfaSecret(db: Database): Promise<string | null> {
  const [row] = await repo.listSealedSecrets(db).limit(1);
  return row?.mfaSecretEncrypted ?? row?.mfaPendingSecretEncrypted ?? null;
}
