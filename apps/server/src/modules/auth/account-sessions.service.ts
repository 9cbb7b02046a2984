import { authErrors } from './auth.errors.ts';
import * as repo from './auth.repository.ts';
import type { AuthContext, AuthCore } from './auth-core.ts';
import { sessionCache } from './session-cache.ts';

/** A user's own sessions, and disabling an account (which ends them all). */
export function createAccountSessions(core: AuthCore) {
  const { db } = core;
  return {
    async listSessions(auth: AuthContext) {
      const rows = await repo.findActiveSessionsOfUser(db, auth.user.id);
      return rows.map((s) => ({
        _id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
        current: s.id === auth.sessionId,
      }));
    },

    async endSession(options: { auth: AuthContext; sessionId: string }) {
      if (!(await repo.deleteSessionOfUser(db, { id: options.sessionId, userId: options.auth.user.id }))) {
        throw authErrors.sessionNotFound();
      }
      sessionCache.dropUser(options.auth.user.id);
    },

    async endOtherSessions(auth: AuthContext) {
      const ended = await repo.deleteSessionsOfUser(db, { userId: auth.user.id, keep: auth.sessionId });
      sessionCache.dropUser(auth.user.id);
      return ended;
    },

    /** Disabling signs the account out everywhere at once. */
    async setUserDisabled(options: { userId: string; isDisabled: boolean }) {
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, options.userId, { disabledAt: options.isDisabled ? new Date() : null });
        if (options.isDisabled) await repo.deleteSessionsOfUser(tx, { userId: options.userId });
      });
      sessionCache.dropUser(options.userId);
    },
  };
}
