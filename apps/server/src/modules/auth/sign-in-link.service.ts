import { LOGIN_LIMITS } from '@mohar/contracts';
import { hashToken } from '../../platform/crypto.ts';
import { authErrors } from './auth.errors.ts';
import { signInLinkMail } from './auth.mails.ts';
import type { UserRow } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import type { AuthCore, RequestMeta } from './auth-core.ts';

/**
 * The owner's way in while password sign-in to their account is paused (too many wrong passwords from anywhere):
 * a one-time link by e-mail, stored hashed, short-lived. It proves the inbox, like a password proves knowledge: an
 * account with two-step verification still has to give its code after it.
 */
export function createSignInLink(core: AuthCore) {
  const { db, mailer, link, issueEmailToken, startSignIn } = core;
  return {
    /** Called once per throttle window (when the account's count reaches the limit), not per attempt. */
    async sendSignInLink(user: UserRow) {
      if (user.disabledAt !== null || user.emailVerifiedAt === null) return;
      await db.transaction(async (tx) => {
        const token = await issueEmailToken(tx, {
          user,
          purpose: 'sign_in_link',
          ttlMs: LOGIN_LIMITS.signInLinkMinutes * 60_000,
        });
        await mailer.enqueue(
          tx,
          signInLinkMail({
            to: user.email,
            name: user.name,
            language: user.language,
            url: link(`/sign-in-link/${token}`),
            resetUrl: link('/forgetpassword'),
          }),
        );
      });
      mailer.kick();
    },

    /** Uses the link (once, in one statement) and signs in, or asks for the second step. */
    async loginWithLink(options: { token: string; previousToken: string | undefined; meta: RequestMeta }) {
      const userId = await repo.consumeToken(db, {
        tokenHash: hashToken(options.token),
        purpose: 'sign_in_link',
      });
      const user = userId ? await repo.findUserById(db, userId) : undefined;
      if (!user) throw authErrors.tokenInvalid('sign-in');
      if (user.disabledAt !== null) throw authErrors.accountSuspended();
      return startSignIn({ user, previousToken: options.previousToken, meta: options.meta });
    },
  };
}
