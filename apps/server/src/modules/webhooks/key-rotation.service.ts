import type { Database } from '../../db/client.ts';
import type { Encryptor } from '../../platform/crypto.ts';
import * as repo from './webhooks.repository.ts';

/** Re-seals every endpoint's signing secrets (current and previous) with the current ENCRYPTION_KEY. */
export async function resealWebhookSecrets(db: Database, encryptor: Encryptor): Promise<number> {
  let changed = 0;
  for (const row of await repo.listSealedSecrets(db)) {
    for (const column of ['secret', 'previousSecret'] as const) {
      const from = row[column];
      const to = from ? encryptor.reseal(from) : null;
      if (!from || !to) continue;
      await repo.replaceSealedSecret(db, { id: row.id, column, from, to });
      changed++;
    }
  }
  return changed;
}
