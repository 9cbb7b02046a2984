import { hashToken } from '../../platform/crypto.ts';
import { getDecoyHash, verifyPassword } from '../../platform/passwords.ts';
import { closedEmailHash } from './account-closure.service.ts';
import { authErrors } from './auth.errors.ts';
import * as repo from './auth.repository.ts';
import {
  type AuthContext,
  type AuthCore,
  MFA_MAX_FAILURES,
  passwordAttemptKey,
  type RequestMeta,
  TOUCH_AFTER_MS,
} from './auth-core.ts';
import { sessionCache } from './session-cache.ts';
import { createSignInLink } from './sign-in-link.service.ts';

/** Signing in (with the second step), resolving a session cookie, signing out. */
export function createLogin(core: AuthCore) {
  const { db, passwordFailures, accountFailures, startSignIn, idleMsFor, createSession, toSessionUser } =
    core;
  const { checkSecondFactor } = core;
  const { sendSignInLink } = createSignInLink(core);
  return {
    async login(options: {
      email: string;
      password: string;
      previousToken: string | undefined;
      meta: RequestMeta;
    }) {
      const email = options.email.toLowerCase();
      const addressKey = passwordAttemptKey(email, options.meta);
      // Counted before the password is checked, so parallel guesses cannot all slip in under the limit.
      if ((await passwordFailures.recordFailure(addressKey)) > passwordFailures.max)
        throw authErrors.tooManyAttempts();
      if (await accountFailures.isBlocked(email)) throw authErrors.accountThrottled();
      const user =
        (await repo.findUserByEmail(db, options.email)) ??
        (await repo.findClosedUserByEmailHash(db, closedEmailHash(options.email)));
      // An unknown e-mail still costs one argon2 verification, so response time does not reveal accounts.
      const isMatch = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), options.password);
      if (!user || !isMatch) {
        // Exactly one failure brings the count to the limit: the owner gets one link per window, not per attempt.
        if ((await accountFailures.recordFailure(email)) === accountFailures.max && user)
          await sendSignInLink(user);
        throw authErrors.invalidCredentials();
      }
      await passwordFailures.reset(addressKey);
      // Only after the right password, so these answers reveal nothing to someone guessing.
      if (user.closedAt !== null) throw authErrors.accountClosed(user.closedAt);
      if (user.disabledAt !== null) throw authErrors.accountSuspended();
      if (user.emailVerifiedAt === null) throw authErrors.emailUnverified();
      return startSignIn({ user, previousToken: options.previousToken, meta: options.meta });
    },

    /** The second step: the pending session is replaced by a full one with a new token. */
    async completeMfaLogin(options: { pendingToken: string | undefined; code: string; meta: RequestMeta }) {
      const pending = options.pendingToken
        ? await repo.findLiveSession(db, hashToken(options.pendingToken))
        : undefined;
      if (pending?.session.stage !== 'mfa') throw authErrors.mfaNotPending();
      const result = await db.transaction(async (tx) => {
        if (!(await checkSecondFactor(tx, pending.user, options.code))) return null;
        await repo.deleteSession(tx, pending.session.id);
        const token = await createSession(tx, { user: pending.user, stage: 'active', meta: options.meta });
        return { token, user: toSessionUser(pending.user) };
      });
      if (result) return result;
      const failures = await repo.incrementMfaFailures(db, pending.session.id);
      if (failures >= MFA_MAX_FAILURES) {
        // Five wrong codes end the attempt: guessing must start again from the password.
        await repo.deleteSession(db, pending.session.id);
        throw authErrors.tooManyAttempts();
      }
      throw authErrors.mfaInvalidCode();
    },

    /** The signed-in user of a session cookie, or null; keeps an active session alive (idle timeout). */
    async resolveSession(token: string | undefined): Promise<AuthContext | null> {
      if (!token) return null;
      const tokenHash = hashToken(token);
      const cached = sessionCache.get(tokenHash);
      if (cached) return cached;
      const epoch = sessionCache.epoch();
      const found = await repo.findLiveSession(db, tokenHash);
      if (found?.session.stage !== 'active' || found.user.disabledAt !== null) return null;
      if (Date.now() - found.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        const idleExpiresAt = new Date(
          Math.min(Date.now() + idleMsFor(found.user.role), found.session.absoluteExpiresAt.getTime()),
        );
        await repo.touchSession(db, { id: found.session.id, idleExpiresAt });
      }
      const auth = { user: found.user, sessionId: found.session.id, verifiedAt: found.session.verifiedAt };
      sessionCache.set({
        tokenHash,
        auth,
        epoch,
        sessionExpiresAt: Math.min(
          found.session.idleExpiresAt.getTime(),
          found.session.absoluteExpiresAt.getTime(),
        ),
      });
      return auth;
    },

    /** Ends the session; returns its id (its live connections end with it), or null if there was none. */
    async logout(token: string | undefined): Promise<string | null> {
      if (!token) return null;
      const tokenHash = hashToken(token);
      const found = await repo.findLiveSession(db, tokenHash);
      if (!found) return null;
      await repo.deleteSession(db, found.session.id);
      sessionCache.dropToken(tokenHash);
      return found.session.id;
    },
  };
}
