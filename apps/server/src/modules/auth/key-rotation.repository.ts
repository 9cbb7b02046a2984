import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** Every account holding a sealed MFA secret (ENCRYPTION_KEY rotation). */
export function listSealedSecrets(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      mfaSecretEncrypted: users.mfaSecretEncrypted,
      mfaPendingSecretEncrypted: users.mfaPendingSecretEncrypted,
    })
    .from(users)
    .where(or(isNotNull(users.mfaSecretEncrypted), isNotNull(users.mfaPendingSecretEncrypted)));
}

/** Swaps one sealed value only if it is still the one read, so a secret changed meanwhile is never overwritten. */
export async function replaceSealedSecret(
  db: DbOrTx,
  options: {
    id: string;
    column: 'mfaSecretEncrypted' | 'mfaPendingSecretEncrypted';
    from: string;
    to: string;
  },
) {
  const column = users[options.column];
  await db
    .update(users)
    .set({ [options.column]: options.to })
    .where(and(eq(users.id, options.id), eq(column, options.from)));
}
