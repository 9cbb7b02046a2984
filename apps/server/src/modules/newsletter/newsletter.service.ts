import { createHmac } from 'node:crypto';
import { NEWSLETTER_CONSENT_VERSION } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { createToken, hashToken, safeEqual } from '../../platform/crypto.ts';
import { isUuid } from '../../platform/ids.ts';
import { simpleMail } from '../../platform/mail-layout.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { recordConsent } from '../privacy/privacy.service.ts';
import { newsletterErrors } from './newsletter.errors.ts';
import * as repo from './newsletter.repository.ts';

/** A confirmation link works for 7 days. */
const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Asking again within 10 minutes sends no second mail: the form cannot be used to flood an inbox. */
const RESEND_AFTER_MS = 10 * 60 * 1000;

export type NewsletterService = ReturnType<typeof createNewsletterService>;

/**
 * Unsubscribe links are `{subscriberId}.{HMAC}`: every mailing needs each subscriber's link, so the token cannot be
 * a random value kept only as a hash; a MAC under a key derived from the app's encryption key is as unguessable and
 * stores nothing. (Rotating the encryption key invalidates old unsubscribe links; the next mailing carries new ones.)
 */
export function createUnsubscribeTokens(encryptionKey: Buffer) {
  const key = createHmac('sha256', encryptionKey).update('mohar newsletter unsubscribe v1').digest();
  const macOf = (id: string) => createHmac('sha256', key).update(id).digest('base64url');
  return {
    tokenFor: (subscriberId: string) => `${subscriberId}.${macOf(subscriberId)}`,
    /** The subscriber id the token names, when its MAC is right. */
    verify(token: string): string | undefined {
      const [id = '', mac = ''] = token.split('.');
      return isUuid(id) && safeEqual(mac, macOf(id)) ? id : undefined;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

/** The public side of the newsletter (issue 22): double opt-in, and one-click unsubscribe. */
export function createNewsletterService(deps: {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  unsubscribeTokens: UnsubscribeTokens;
}) {
  const { db, config, mailer } = deps;

  const confirmationMail = (email: string, token: string) =>
    simpleMail({
      to: email,
      subject: 'Confirm your subscription to Mohar updates',
      lines: [
        'Someone (we hope you) asked to receive Mohar updates at this address.',
        `To confirm, open this link within 7 days: ${config.publicUrl}/newsletter/confirm/${token}`,
        'If it was not you, ignore this e-mail: nothing will be sent to you.',
      ],
    });

  return {
    /**
     * Idempotent, and the same answer whatever the address's state: a new or unconfirmed (or unsubscribed)
     * address gets a confirmation e-mail; a confirmed one gets nothing. Nothing is mailed before confirmation.
     */
    async subscribe(options: { email: string }): Promise<{ isNew: boolean; mailed: boolean }> {
      const email = options.email.toLowerCase();
      const token = createToken();
      const result = await db.transaction(async (tx) => {
        const inserted = await repo.insertPendingOnce(tx, { email, confirmTokenHash: hashToken(token) });
        if (inserted) {
          await mailer.enqueue(tx, confirmationMail(email, token));
          return { isNew: true, mailed: true };
        }
        const known = await repo.findByEmailForUpdate(tx, email);
        if (!known) return { isNew: false, mailed: false };
        const isActive = known.confirmedAt !== null && known.unsubscribedAt === null;
        const sentRecently =
          known.confirmSentAt !== null && Date.now() - known.confirmSentAt.getTime() < RESEND_AFTER_MS;
        if (isActive || sentRecently) return { isNew: false, mailed: false };
        await repo.updateSubscriber(tx, {
          id: known.id,
          set: { confirmTokenHash: hashToken(token), confirmSentAt: new Date() },
        });
        await mailer.enqueue(tx, confirmationMail(email, token));
        return { isNew: false, mailed: true };
      });
      if (result.mailed) mailer.kick();
      return result;
    },

    /** The confirmation link: the address becomes a subscriber (again, if it had unsubscribed). */
    async confirm(options: { token: string; ipAddress?: string | null }) {
      const row = await repo.findByConfirmHash(db, hashToken(options.token));
      if (!row?.confirmSentAt) throw newsletterErrors.linkInvalid();
      const isConfirmedByThisLink = row.confirmedAt !== null && row.confirmedAt >= row.confirmSentAt;
      if (isConfirmedByThisLink && row.unsubscribedAt === null) return;
      if (Date.now() - row.confirmSentAt.getTime() > CONFIRM_TTL_MS) throw newsletterErrors.linkInvalid();
      await db.transaction(async (tx) => {
        await repo.updateSubscriber(tx, {
          id: row.id,
          set: { confirmedAt: new Date(), unsubscribedAt: null },
        });
        await recordConsent(tx, {
          kind: 'marketing',
          version: NEWSLETTER_CONSENT_VERSION,
          decision: 'given',
          subscriberId: row.id,
          ipAddress: options.ipAddress ?? null,
        });
      });
    },

    /** One click, no sign-in: the address receives no further mailing. Clicking again changes nothing. */
    async unsubscribe(options: { token: string; ipAddress?: string | null }) {
      const id = deps.unsubscribeTokens.verify(options.token);
      const row = id ? await repo.findById(db, id) : undefined;
      if (!row) throw newsletterErrors.linkInvalid();
      if (row.unsubscribedAt === null)
        await db.transaction(async (tx) => {
          await repo.updateSubscriber(tx, { id: row.id, set: { unsubscribedAt: new Date() } });
          await recordConsent(tx, {
            kind: 'marketing',
            version: NEWSLETTER_CONSENT_VERSION,
            decision: 'withdrawn',
            subscriberId: row.id,
            ipAddress: options.ipAddress ?? null,
          });
        });
    },

    /** A closed account's address leaves the list (issue 26); the consent trail keeps the subscriber's id only. */
    async eraseAddress(tx: DbOrTx, email: string): Promise<number> {
      return repo.deleteByEmail(tx, email.toLowerCase());
    },
  };
}
