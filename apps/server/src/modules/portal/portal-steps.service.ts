import { createHash, randomInt } from 'node:crypto';
import { CONSENT, type ConsentRequest, EMAIL_CODE, type SignatoryProgress } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { safeEqual } from '../../platform/crypto.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { advanceSignatoryProgress, setSignatoryAddress } from '../applications/applications.service.ts';
import { findUserContact } from '../auth/auth.service.ts';
import { recordConsent } from '../privacy/privacy.service.ts';
import { portalStepErrors } from './portal.errors.ts';
import { consentDeclinedMail, emailCodeMail } from './portal.mails.ts';
import * as repo from './portal.repository.ts';
import { findSignatoryMailLanguages, type PortalService } from './portal.service.ts';

/** Per signatory, so one code's hash says nothing about another's. */
const codeHash = (signatoryId: string, code: string) =>
  createHash('sha256').update(`${signatoryId}:${code}`).digest('hex');

/**
 * The portal's first two steps for a signatory (issue 7): confirming their e-mail address with a 6-digit code
 * (10 minutes, 5 tries, one code a minute and five an hour), then consenting — or declining — before any identity
 * image is taken. Each step moves the signatory on only from the step before it.
 */
export function createPortalStepsService(deps: {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  portalService: PortalService;
  /** A signatory moved on (after commit): the owner's open views refresh (a hint, not a notification). */
  onProgress?: (change: { ownerId: string; applicationId: string }) => void;
  now?: () => Date;
}) {
  const { db, mailer, config, portalService } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async sendEmailCode(token: string) {
      const { me, application } = await portalService.resolve(token);
      if (me.progress !== 'invited')
        throw portalStepErrors.stepOutOfOrder('Your e-mail address is already confirmed.');
      const at = now();
      const recent = await repo.codesSince(db, me.id, new Date(at.getTime() - 3_600_000));
      const newest = recent[0]?.createdAt.getTime();
      const pace = EMAIL_CODE.resendAfterSeconds * 1000;
      if (newest !== undefined && at.getTime() - newest < pace)
        throw portalStepErrors.codeTooSoon(Math.ceil((newest + pace - at.getTime()) / 1000));
      if (recent.length >= EMAIL_CODE.maxPerHour) {
        const oldest = recent.at(-1)?.createdAt.getTime() ?? at.getTime();
        throw portalStepErrors.codeTooSoon(Math.ceil((oldest + 3_600_000 - at.getTime()) / 1000));
      }
      const code = String(randomInt(0, 10 ** EMAIL_CODE.digits)).padStart(EMAIL_CODE.digits, '0');
      const expiresAt = new Date(at.getTime() + EMAIL_CODE.ttlMinutes * 60_000);
      await db.transaction(async (tx) => {
        await repo.insertCode(tx, { signatoryId: me.id, codeHash: codeHash(me.id, code), expiresAt });
        const languageOf = await findSignatoryMailLanguages(tx, {
          signatoryIds: [me.id],
          ownerLanguage: application.ownerLanguage,
        });
        await mailer.enqueue(
          tx,
          emailCodeMail({
            to: me.email,
            name: me.fullName,
            code,
            minutes: EMAIL_CODE.ttlMinutes,
            language: languageOf(me.id),
          }),
        );
      });
      mailer.kick();
      return {
        message: `We sent a 6-digit code to ${me.email}.`,
        expiresAt: expiresAt.toISOString(),
        resendAfterSeconds: EMAIL_CODE.resendAfterSeconds,
      };
    },

    async verifyEmailCode(token: string, code: string) {
      const { me, application } = await portalService.resolve(token);
      if (me.progress !== 'invited')
        throw portalStepErrors.stepOutOfOrder('Your e-mail address is already confirmed.');
      const open = await repo.openCode(db, me.id);
      if (!open || open.expiresAt.getTime() <= now().getTime()) throw portalStepErrors.codeExpired();
      // The attempt is counted before the comparison, atomically: parallel guesses share the same five.
      const used = await repo.countAttempt(db, open.id, EMAIL_CODE.maxAttempts);
      if (used === undefined) throw portalStepErrors.codeLocked();
      if (!safeEqual(codeHash(me.id, code), open.codeHash)) {
        const left = EMAIL_CODE.maxAttempts - used;
        throw left > 0 ? portalStepErrors.codeWrong(left) : portalStepErrors.codeLocked();
      }
      await db.transaction(async (tx) => {
        await repo.consumeCode(tx, open.id);
        await advanceSignatoryProgress(tx, { signatoryId: me.id, from: 'invited', to: 'email_confirmed' });
      });
      deps.onProgress?.({ ownerId: application.ownerId, applicationId: application.id });
      return {
        message: 'Your e-mail address is confirmed.',
        progress: 'email_confirmed' as SignatoryProgress,
      };
    },

    /**
     * The signatory's postal address (Form XV prints the executant's full address). It can be corrected until the
     * session starts; after that the register entry may already be on its way.
     */
    async saveAddress(token: string, address: string) {
      const { application, me } = await portalService.resolve(token);
      if (!['awaiting_identity', 'ready'].includes(application.status))
        throw portalStepErrors.stepOutOfOrder(
          'The address can no longer be changed: the notarisation has started.',
        );
      // Lines typed on their own become one line, as the register prints it.
      const oneLine = address
        .split(/\s*\n\s*/)
        .filter(Boolean)
        .join(', ')
        .replace(/[ \t]+/g, ' ');
      await setSignatoryAddress(db, { signatoryId: me.id, address: oneLine });
      deps.onProgress?.({ ownerId: application.ownerId, applicationId: application.id });
      return { message: 'Your address is saved.', address: oneLine };
    },

    async consent(options: {
      token: string;
      body: ConsentRequest;
      ipAddress: string | null;
      userAgent: string | null;
    }) {
      const { application, me } = await portalService.resolve(options.token);
      if (me.progress !== 'email_confirmed')
        throw portalStepErrors.stepOutOfOrder(
          me.progress === 'invited'
            ? 'Confirm your e-mail address first.'
            : 'You have already answered. Contact the person who added you to change it.',
        );
      if (options.body.textVersion !== CONSENT.version) throw portalStepErrors.consentOutdated();
      const accepted = options.body.decision === 'accept';
      const progress: SignatoryProgress = accepted ? 'consented' : 'declined';
      await db.transaction(async (tx) => {
        // Only from the confirmed step: a second, raced answer records nothing.
        if (
          !(await advanceSignatoryProgress(tx, { signatoryId: me.id, from: 'email_confirmed', to: progress }))
        )
          throw portalStepErrors.stepOutOfOrder('You have already answered.');
        await repo.insertConsent(tx, {
          applicationId: application.id,
          signatoryId: me.id,
          decision: options.body.decision,
          textVersion: CONSENT.version,
          reason: options.body.reason || null,
          ipAddress: options.ipAddress,
          userAgent: options.userAgent?.slice(0, 500) ?? null,
        });
        // The platform's one consent trail (issue 26), beside the portal's own row.
        await recordConsent(tx, {
          kind: 'identity_processing',
          version: CONSENT.version,
          decision: accepted ? 'given' : 'declined',
          signatoryId: me.id,
          applicationId: application.id,
          ipAddress: options.ipAddress,
          userAgent: options.userAgent,
        });
        if (!accepted) {
          const owner = await findUserContact(tx, application.ownerId);
          if (owner)
            await mailer.enqueue(
              tx,
              consentDeclinedMail({
                to: owner.email,
                ownerName: owner.name,
                language: owner.language,
                signatoryName: me.fullName,
                title: application.title,
                reason: options.body.reason || undefined,
                applicationUrl: `${config.publicUrl}/application-view/${application.id}`,
              }),
            );
        }
      });
      if (!accepted) mailer.kick();
      deps.onProgress?.({ ownerId: application.ownerId, applicationId: application.id });
      return {
        message: accepted
          ? 'Thank you. Next, add photos of your Aadhaar card.'
          : 'You declined. We told the person who added you; the notary can check another photo ID in the call.',
        progress,
      };
    },
  };
}

export type PortalStepsService = ReturnType<typeof createPortalStepsService>;
