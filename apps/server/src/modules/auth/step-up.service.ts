import { verifyPassword } from '../../platform/passwords.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { authErrors } from './auth.errors.ts';
import * as repo from './auth.repository.ts';
import { type AuthContext, type AuthCore, passwordAttemptKey, type RequestMeta } from './auth-core.ts';
import { sessionCache } from './session-cache.ts';

/**
 * Step-up (issue 22, decision 0054): before a sensitive action, an admin whose last proof of identity is over 5
 * minutes old proves it again — the password, or with two-step verification on, a code from the app (a password
 * alone would be the weaker proof). Wrong answers count against the same limits as sign-in.
 */
export function createStepUp(core: AuthCore) {
  const { db, passwordFailures, checkSecondFactor } = core;
  return {
    async stepUp(options: {
      auth: AuthContext;
      proof: { password: string } | { code: string };
      meta: RequestMeta;
    }) {
      const { user } = options.auth;
      const hasMfa = user.mfaEnabledAt !== null;
      if (hasMfa !== 'code' in options.proof) throw authErrors.stepUpProofKind(hasMfa);
      const addressKey = passwordAttemptKey(user.email, options.meta);
      // Counted before the check, as at sign-in, so parallel guesses cannot all slip in under the limit.
      if ((await passwordFailures.recordFailure(addressKey)) > passwordFailures.max)
        throw authErrors.tooManyAttempts();
      const { proof } = options;
      // argon2 before the transaction, so no connection waits on it.
      const isPasswordRight =
        'password' in proof && (await verifyPassword(user.passwordHash, proof.password));
      const proven = await db.transaction(async (tx) => {
        const isRight = 'code' in proof ? await checkSecondFactor(tx, user, proof.code) : isPasswordRight;
        if (!isRight) return false;
        await repo.markSessionVerified(tx, options.auth.sessionId, new Date());
        await recordAudit(tx, {
          actor: {
            userId: user.id,
            role: user.role,
            adminRoles: user.adminRoles,
            ipAddress: options.meta.ipAddress,
          },
          action: 'auth.step_up',
          subject: { type: 'account', id: user.id },
          detail: hasMfa ? 'code' : 'password',
        });
        return true;
      });
      if (!proven) throw hasMfa ? authErrors.mfaInvalidCode() : authErrors.passwordWrong();
      await passwordFailures.reset(addressKey);
      sessionCache.dropUser(user.id);
    },

    /**
     * Moves the last proof of every session of `userId` back by `ageMs`: for the tests and the E2E fixtures only
     * (the fixture route exists only on a test server), so "more than 5 minutes ago" needs no waiting.
     */
    async backdateProof(options: { userId: string; ageMs: number }) {
      await repo.backdateSessionProofs(db, options);
      sessionCache.dropUser(options.userId);
    },
  };
}
