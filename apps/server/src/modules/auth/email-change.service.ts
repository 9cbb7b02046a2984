import { EMAIL_CHANGE_CONFIRM_TTL_HOURS, EMAIL_CHANGE_UNDO_DAYS } from '@mohar/contracts';
import { createToken, hashToken } from '../../platform/crypto.ts';
import { authErrors } from './auth.errors.ts';
import { emailChangeConfirmMail, emailChangedMail, emailChangeUndoneMail } from './auth.mails.ts';
import * as repo from './auth.repository.ts';
import type { AuthContext, AuthCore } from './auth-core.ts';
import { sessionCache } from './session-cache.ts';

const HOUR_MS = 3_600_000;

/**
 * The database's unique index on lower(email) decides a race to the same address (another account registered it
 * or took it meanwhile): the change is refused, never doubled.
 */
const refusingTakenAddress = <T>(work: Promise<T>) =>
  work.catch((error: unknown) => {
    if (typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505')
      throw authErrors.emailTaken();
    throw error;
  });

/**
 * Change of e-mail (issue 26): asked for with the password; a link to the new address makes the change; the old
 * address is then told, with a link that puts it back and signs every device out. Tokens are hashed and used once.
 */
export function createEmailChange(core: AuthCore & { now: () => Date }) {
  const { db, mailer, link, now } = core;
  return {
    async requestEmailChange(options: { auth: AuthContext; newEmail: string; currentPassword: string }) {
      const { user } = options.auth;
      await core.checkCurrentPassword(user, options.currentPassword);
      const newEmail = options.newEmail.toLowerCase();
      if (newEmail === user.email.toLowerCase()) throw authErrors.emailSame();
      if (await repo.isEmailTaken(db, { email: newEmail, exceptUserId: user.id }))
        throw authErrors.emailTaken();
      const token = createToken();
      await db.transaction(async (tx) => {
        await repo.insertEmailChange(tx, {
          userId: user.id,
          oldEmail: user.email,
          newEmail,
          confirmTokenHash: hashToken(token),
          confirmExpiresAt: new Date(now().getTime() + EMAIL_CHANGE_CONFIRM_TTL_HOURS * HOUR_MS),
        });
        await mailer.enqueue(
          tx,
          emailChangeConfirmMail({
            to: newEmail,
            name: user.name,
            language: user.language,
            url: link(`/email/confirm/${token}`),
          }),
        );
      });
      mailer.kick();
    },

    /** Follows the link sent to the new address: the address changes now, and the old one is told. */
    async confirmEmailChange(token: string) {
      const undoToken = createToken();
      const at = now();
      const change = await refusingTakenAddress(
        db.transaction(async (tx) => {
          const row = await repo.consumeEmailChangeConfirmation(tx, {
            tokenHash: hashToken(token),
            now: at,
            undoTokenHash: hashToken(undoToken),
            undoExpiresAt: new Date(at.getTime() + EMAIL_CHANGE_UNDO_DAYS * 24 * HOUR_MS),
          });
          if (!row) throw authErrors.tokenInvalid('email-change');
          if (await repo.isEmailTaken(tx, { email: row.newEmail, exceptUserId: row.userId }))
            throw authErrors.emailTaken();
          const user = await repo.updateUser(tx, row.userId, { email: row.newEmail, emailVerifiedAt: at });
          await mailer.enqueue(
            tx,
            emailChangedMail({
              to: row.oldEmail,
              name: user.name,
              language: user.language,
              newEmail: row.newEmail,
              undoUrl: link(`/email/undo/${undoToken}`),
            }),
          );
          return row;
        }),
      );
      sessionCache.dropUser(change.userId);
      mailer.kick();
    },

    /** Follows the link sent to the old address: it is the account's address again, and every session ends. */
    async undoEmailChange(token: string) {
      // Someone registered the old address in the meantime: nothing can be put back automatically.
      const change = await refusingTakenAddress(
        db.transaction(async (tx) => {
          const row = await repo.consumeEmailChangeUndo(tx, { tokenHash: hashToken(token), now: now() });
          if (!row) throw authErrors.tokenInvalid('email-undo');
          const user = await repo.updateUser(tx, row.userId, { email: row.oldEmail });
          await repo.deleteSessionsOfUser(tx, { userId: row.userId });
          await mailer.enqueue(
            tx,
            emailChangeUndoneMail({
              to: row.oldEmail,
              name: user.name,
              language: user.language,
              oldEmail: row.oldEmail,
            }),
          );
          return row;
        }),
      );
      sessionCache.dropUser(change.userId);
      mailer.kick();
    },
  };
}
