import { PASSWORD_RESET_TTL_MINUTES } from '@mohar/contracts';
import { hashToken } from '../../platform/crypto.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { authErrors } from './auth.errors.ts';
import { passwordChangedMail, passwordResetMail } from './auth.mails.ts';
import * as repo from './auth.repository.ts';
import type { AuthContext, AuthCore } from './auth-core.ts';
import { sessionCache } from './session-cache.ts';

/** Forgotten, reset and changed passwords. */
export function createPasswords(core: AuthCore) {
  const { db, mailer, link, assertStrongPassword, issueEmailToken } = core;
  return {
    /** Always the same answer; a link goes out only to an existing, enabled account. */
    async forgotPassword(email: string) {
      await db.transaction(async (tx) => {
        const user = await repo.findUserByEmail(tx, email);
        if (!user || user.disabledAt !== null) return;
        const token = await issueEmailToken(tx, {
          user,
          purpose: 'reset_password',
          ttlMs: PASSWORD_RESET_TTL_MINUTES * 60_000,
        });
        await mailer.enqueue(
          tx,
          passwordResetMail({
            to: user.email,
            name: user.name,
            language: user.language,
            url: link(`/password/reset/${token}`),
          }),
        );
      });
      mailer.kick();
    },

    /** Sets the password, proves the inbox (verifies the e-mail) and signs every device out. MFA stays on. */
    async resetPassword(options: { token: string; password: string }) {
      const tokenHash = hashToken(options.token);
      const userId = await repo.findValidToken(db, { tokenHash, purpose: 'reset_password' });
      const user = userId ? await repo.findUserById(db, userId) : undefined;
      if (!user) throw authErrors.tokenInvalid('reset');
      await assertStrongPassword(options.password, [user.name, user.email]);
      const passwordHash = await hashPassword(options.password);
      await db.transaction(async (tx) => {
        if (!(await repo.consumeToken(tx, { tokenHash, purpose: 'reset_password' })))
          throw authErrors.tokenInvalid('reset');
        await repo.updateUser(tx, user.id, {
          passwordHash,
          ...(user.emailVerifiedAt === null ? { emailVerifiedAt: new Date() } : {}),
        });
        await repo.expireTokensOfUser(tx, { userId: user.id, purpose: 'reset_password' });
        await repo.deleteSessionsOfUser(tx, { userId: user.id });
        await mailer.enqueue(
          tx,
          passwordChangedMail({
            to: user.email,
            name: user.name,
            language: user.language,
            supportUrl: link('/contact'),
          }),
        );
      });
      sessionCache.dropUser(user.id);
      mailer.kick();
    },

    async changePassword(options: { auth: AuthContext; currentPassword: string; password: string }) {
      const { user, sessionId } = options.auth;
      await core.checkCurrentPassword(user, options.currentPassword);
      await assertStrongPassword(options.password, [user.name, user.email]);
      const passwordHash = await hashPassword(options.password);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { passwordHash });
        await repo.deleteSessionsOfUser(tx, { userId: user.id, keep: sessionId });
        await mailer.enqueue(
          tx,
          passwordChangedMail({
            to: user.email,
            name: user.name,
            language: user.language,
            supportUrl: link('/contact'),
          }),
        );
      });
      sessionCache.dropUser(user.id);
      mailer.kick();
    },
  };
}
