import type { UserRole } from '@mohar/contracts';
import { verifyPassword } from '../../platform/passwords.ts';
import { authErrors } from './auth.errors.ts';
import * as repo from './auth.repository.ts';
import type { AuthContext, AuthCore } from './auth-core.ts';
import { createTotpSecret, describeTotpSecret, matchTotp } from './mfa.ts';
import { sessionCache } from './session-cache.ts';

/** Turning two-step verification on and off, and new recovery codes. */
export function createMfaSetup(core: AuthCore) {
  const { db, config, encryptor, checkSecondFactor, issueRecoveryCodes } = core;
  return {
    async startMfaSetup(auth: AuthContext) {
      if (auth.user.mfaEnabledAt !== null) throw authErrors.mfaAlreadyEnabled();
      const secret = createTotpSecret();
      await repo.updateUser(db, auth.user.id, { mfaPendingSecretEncrypted: encryptor.encrypt(secret) });
      // The next step reads the pending secret from the signed-in user: a cached copy would not have it.
      sessionCache.dropUser(auth.user.id);
      return describeTotpSecret({ secret, email: auth.user.email });
    },

    async enableMfa(options: { auth: AuthContext; code: string }) {
      const { user } = options.auth;
      if (user.mfaEnabledAt !== null) throw authErrors.mfaAlreadyEnabled();
      if (!user.mfaPendingSecretEncrypted) throw authErrors.mfaSetupNotStarted();
      const step = await matchTotp({
        secret: encryptor.decrypt(user.mfaPendingSecretEncrypted),
        code: options.code,
      });
      if (step === null) throw authErrors.mfaInvalidCode();
      const codes = await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, {
          mfaSecretEncrypted: user.mfaPendingSecretEncrypted,
          mfaPendingSecretEncrypted: null,
          mfaEnabledAt: new Date(),
          mfaLastStep: step,
        });
        return issueRecoveryCodes(tx, user.id);
      });
      sessionCache.dropUser(user.id);
      return codes;
    },

    async disableMfa(options: { auth: AuthContext; password: string; code: string }) {
      const { user } = options.auth;
      if (user.mfaEnabledAt === null) throw authErrors.mfaNotEnabled();
      if (config.mfaRequiredRoles.includes(user.role as UserRole)) throw authErrors.mfaRequiredForRole();
      if (!(await verifyPassword(user.passwordHash, options.password))) throw authErrors.passwordWrong();
      await db.transaction(async (tx) => {
        if (!(await checkSecondFactor(tx, user, options.code))) throw authErrors.mfaInvalidCode();
        await repo.updateUser(tx, user.id, {
          mfaSecretEncrypted: null,
          mfaPendingSecretEncrypted: null,
          mfaEnabledAt: null,
          mfaLastStep: null,
        });
        await repo.replaceRecoveryCodes(tx, { userId: user.id, codeHashes: [] });
      });
      sessionCache.dropUser(user.id);
    },

    async regenerateRecoveryCodes(options: { auth: AuthContext; code: string }) {
      const { user } = options.auth;
      if (user.mfaEnabledAt === null) throw authErrors.mfaNotEnabled();
      return db.transaction(async (tx) => {
        if (!(await checkSecondFactor(tx, user, options.code))) throw authErrors.mfaInvalidCode();
        return issueRecoveryCodes(tx, user.id);
      });
    },
  };
}
