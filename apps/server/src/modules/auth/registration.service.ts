import {
  EMAIL_VERIFICATION_TTL_HOURS,
  PRIVACY_NOTICE_VERSION,
  type RegisterRequest,
  TERMS_VERSION,
} from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { hashToken } from '../../platform/crypto.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { recordConsent } from '../privacy/privacy.service.ts';
import { authErrors } from './auth.errors.ts';
import { alreadyRegisteredMail, verificationMail } from './auth.mails.ts';
import type { UserRow } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import type { AuthCore, RequestMeta } from './auth-core.ts';
import { sessionCache } from './session-cache.ts';

/** A new verification link for `user`, queued in the caller's transaction (sent once it commits: `mailer.kick()`). */
export async function enqueueVerificationMail(core: AuthCore, tx: DbOrTx, user: UserRow) {
  const token = await core.issueEmailToken(tx, {
    user,
    purpose: 'verify_email',
    ttlMs: EMAIL_VERIFICATION_TTL_HOURS * 3_600_000,
  });
  await core.mailer.enqueue(
    tx,
    verificationMail({
      to: user.email,
      name: user.name,
      language: user.language,
      url: core.link(`/verify-email/${token}`),
    }),
  );
}

/** Registration and e-mail verification. */
export function createRegistration(core: AuthCore) {
  const { db, mailer, link, assertStrongPassword } = core;
  return {
    /** Same outcome whether or not the e-mail has an account; only the mail differs (no enumeration). */
    async register(input: RegisterRequest & { email: string; mobile: string; meta?: RequestMeta }) {
      await assertStrongPassword(input.password, [input.name, input.email]);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const created = await repo.insertUser(tx, {
          email: input.email,
          name: input.name,
          mobile: input.mobile,
          role: input.role,
          passwordHash,
          dateOfBirth: input.dateOfBirth,
          termsVersion: TERMS_VERSION,
          termsAcceptedAt: new Date(),
          // Registering on a Hindi screen is choosing Hindi: the verification e-mail and every later one follow it.
          language: input.language ?? null,
        });
        if (created) {
          // The form's box accepts the terms and the privacy notice together: both recorded (issue 26).
          for (const [kind, version] of [
            ['terms', TERMS_VERSION],
            ['privacy_notice', PRIVACY_NOTICE_VERSION],
          ] as const)
            await recordConsent(tx, {
              kind,
              version,
              decision: 'given',
              userId: created.id,
              ipAddress: input.meta?.ipAddress ?? null,
              userAgent: input.meta?.userAgent ?? null,
            });
          await enqueueVerificationMail(core, tx, created);
          return;
        }
        const existing = await repo.findUserByEmail(tx, input.email);
        if (!existing) return;
        if (existing.emailVerifiedAt === null) {
          // The owner never verified: a fresh link is the useful answer, and only the inbox owner can use it.
          await enqueueVerificationMail(core, tx, existing);
          return;
        }
        await mailer.enqueue(
          tx,
          alreadyRegisteredMail({
            to: existing.email,
            name: existing.name,
            language: existing.language,
            loginUrl: link('/login'),
            resetUrl: link('/forgetpassword'),
          }),
        );
      });
      mailer.kick();
    },

    async verifyEmail(token: string) {
      const userId = await db.transaction(async (tx) => {
        const userId = await repo.consumeToken(tx, { tokenHash: hashToken(token), purpose: 'verify_email' });
        if (!userId) throw authErrors.tokenInvalid('verification');
        const user = await repo.findUserById(tx, userId);
        if (user && user.emailVerifiedAt === null)
          await repo.updateUser(tx, userId, { emailVerifiedAt: new Date() });
        return userId;
      });
      sessionCache.dropUser(userId);
    },

    async resendVerification(email: string) {
      await db.transaction(async (tx) => {
        const user = await repo.findUserByEmail(tx, email);
        if (!user || user.emailVerifiedAt !== null || user.disabledAt !== null) return;
        await enqueueVerificationMail(core, tx, user);
      });
      mailer.kick();
    },
  };
}
