import { hashToken } from '../../platform/crypto.ts';
import { getDecoyHash, verifyPassword } from '../../platform/passwords.ts';
import { authErrors } from './auth.errors.ts';
import * as repo from './auth.repository.ts';
import {
  type AuthContext,
  type AuthCore,
  MFA_MAX_FAILURES,
  type RequestMeta,
  TOUCH_AFTER_MS,
} from './auth-core.ts';

/** Signing in (with the second step), resolving a session cookie, signing out. */
export function createLogin(core: AuthCore) {
  const { db, passwordFailures, idleMsFor, toSessionUser, createSession, checkSecondFactor } = core;
  return {
    async login(options: {
      email: string;
      password: string;
      previousToken: string | undefined;
      meta: RequestMeta;
    }) {
      const limiterKey = `${options.email.toLowerCase()}|${options.meta.ipAddress}`;
      if (passwordFailures.isBlocked(limiterKey)) throw authErrors.tooManyAttempts();
      const user = await repo.findUserByEmail(db, options.email);
      // An unknown e-mail still costs one argon2 verification, so response time does not reveal accounts.
      const isMatch = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), options.password);
      if (!user || !isMatch) {
        passwordFailures.recordFailure(limiterKey);
        throw authErrors.invalidCredentials();
      }
      // Only after the right password, so these answers reveal nothing to someone guessing.
      if (user.disabledAt !== null) throw authErrors.accountDisabled();
      if (user.emailVerifiedAt === null) throw authErrors.emailUnverified();
      passwordFailures.reset(limiterKey);

      return db.transaction(async (tx) => {
        // A new token on every login: a planted or stolen pre-login cookie is worthless (session fixation).
        if (options.previousToken) {
          const previous = await repo.findLiveSession(tx, hashToken(options.previousToken));
          if (previous) await repo.deleteSession(tx, previous.session.id);
        }
        if (user.mfaEnabledAt !== null) {
          const token = await createSession(tx, { user, stage: 'mfa', meta: options.meta });
          return { kind: 'mfa' as const, token };
        }
        const token = await createSession(tx, { user, stage: 'active', meta: options.meta });
        return { kind: 'signed_in' as const, token, user: toSessionUser(user) };
      });
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
      const found = await repo.findLiveSession(db, hashToken(token));
      if (found?.session.stage !== 'active' || found.user.disabledAt !== null) return null;
      if (Date.now() - found.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        const idleExpiresAt = new Date(
          Math.min(Date.now() + idleMsFor(found.user.role), found.session.absoluteExpiresAt.getTime()),
        );
        await repo.touchSession(db, { id: found.session.id, idleExpiresAt });
      }
      return { user: found.user, sessionId: found.session.id };
    },

    /** Ends the session; returns its id (its live connections end with it), or null if there was none. */
    async logout(token: string | undefined): Promise<string | null> {
      if (!token) return null;
      const found = await repo.findLiveSession(db, hashToken(token));
      if (!found) return null;
      await repo.deleteSession(db, found.session.id);
      return found.session.id;
    },
  };
}
