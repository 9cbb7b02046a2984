import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './auth.repository.ts';
import type { AuthCore } from './auth-core.ts';
import { sessionCache } from './session-cache.ts';

/** SHA-256 of the lower-cased address: how a closed account is recognised at sign-in without keeping the address. */
export const closedEmailHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Closing an account (issue 26: consent withdrawn, or erasure). The row stays, pseudonymised, because the ledger,
 * invoices, register entries and recordings held by law point at it; everything that identifies the person goes:
 * name, e-mail, mobile, date of birth, the second factor, sessions, e-mailed links and recovery codes. The password
 * hash stays so that sign-in can tell only the person themself why the account is closed.
 */
export function createAccountClosure(_core: AuthCore) {
  return {
    async closeAccount(tx: DbOrTx, options: { userId: string; closedAt: Date }) {
      const user = await repo.findUserById(tx, options.userId);
      if (!user || user.closedAt) return null;
      await repo.updateUser(tx, user.id, {
        name: 'Closed account',
        email: `closed-${user.id}@closed.invalid`,
        mobile: '',
        dateOfBirth: null,
        mfaSecretEncrypted: null,
        mfaPendingSecretEncrypted: null,
        mfaEnabledAt: null,
        mfaLastStep: null,
        disabledAt: options.closedAt,
        closedAt: options.closedAt,
        closedEmailHash: closedEmailHash(user.email),
      });
      const erased = await repo.eraseAccountSecrets(tx, user.id);
      sessionCache.dropUser(user.id);
      return { email: user.email, name: user.name, language: user.language, ...erased };
    },
  };
}
