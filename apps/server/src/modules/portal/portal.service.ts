import {
  type ApplicationStatus,
  INVITATION_TTL_DAYS,
  type LanguageCode,
  NO_ACT,
  type PortalAccess,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { createToken, hashToken } from '../../platform/crypto.ts';
import { isUuid } from '../../platform/ids.ts';
import { mailLanguage } from '../../platform/mail-layout.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { applicationErrors } from '../applications/applications.errors.ts';
import {
  type ApplicationsService,
  findApplicationWithNames,
  listSignatories,
  STATUS_LABELS,
  setSignatoryProgress,
  type Viewer,
} from '../applications/applications.service.ts';
import { findUserContact } from '../auth/auth.service.ts';
import { portalErrors } from './portal.errors.ts';
import { invitationMail } from './portal.mails.ts';
import * as repo from './portal.repository.ts';

const DAY_MS = 86_400_000;
/**
 * From payment until the session ends, signatories use the portal; links can be (re)sent then. A notarised
 * application keeps its links working: signatories download the notarised PDF from them.
 */
const PORTAL_OPEN: ReadonlySet<string> = new Set<ApplicationStatus>([
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
  'in_session',
  'notarised',
]);
const ENDED: ReadonlySet<string> = new Set<ApplicationStatus>(['cancelled', 'failed', 'rejected']);

type PortalApplication = NonNullable<Awaited<ReturnType<typeof findApplicationWithNames>>>;
type SignatoryRow = Awaited<ReturnType<typeof listSignatories>>[number];

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

/**
 * The language each signatory's e-mails are written in: their portal choice, else the language of the client who
 * invited them (their account's choice), else English. Other modules mailing signatories (sessions, sealing) ask here.
 */
export async function findSignatoryMailLanguages(
  db: DbOrTx,
  options: { signatoryIds: readonly string[]; ownerLanguage: string | null | undefined },
): Promise<(signatoryId: string) => LanguageCode> {
  const chosen = await repo.findSignatoryLanguages(db, options.signatoryIds);
  return (signatoryId) => mailLanguage(chosen.get(signatoryId) ?? options.ownerLanguage);
}

/** As `findSignatoryMailLanguages`, for a caller that knows the application's owner by id. */
export async function signatoryLanguagesOf(
  db: DbOrTx,
  options: { ownerId: string; signatories: ReadonlyArray<{ id: string }> },
) {
  const owner = await findUserContact(db, options.ownerId);
  return findSignatoryMailLanguages(db, {
    signatoryIds: options.signatories.map((s) => s.id),
    ownerLanguage: owner?.language,
  });
}

/**
 * Signatories' personal links (issue 7): sent when the fee is paid, re-sent by the owner (revoking the old link),
 * ended with the application. The token is 256-bit random, e-mailed once and stored only as its SHA-256; opening it
 * shows this signatory's place in the application and never signs anyone in.
 */
export function createPortalService(deps: {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  applicationsService: ApplicationsService;
  now?: () => Date;
}) {
  const { db, mailer, config } = deps;
  const now = deps.now ?? (() => new Date());

  /** A new link for one signatory, in the caller's transaction: the old one stops working, the mail is queued. */
  async function invite(tx: DbOrTx, application: PortalApplication, signatory: SignatoryRow): Promise<Date> {
    await repo.revokeOpenInvitations(tx, { signatoryId: signatory.id });
    const token = createToken();
    const expiresAt = new Date(now().getTime() + INVITATION_TTL_DAYS * DAY_MS);
    await repo.insertInvitation(tx, {
      applicationId: application.id,
      signatoryId: signatory.id,
      tokenHash: hashToken(token),
      expiresAt,
    });
    if (signatory.progress === 'pending')
      await setSignatoryProgress(tx, { signatoryId: signatory.id, progress: 'invited' });
    const languageOf = await findSignatoryMailLanguages(tx, {
      signatoryIds: [signatory.id],
      ownerLanguage: application.ownerLanguage,
    });
    await mailer.enqueue(
      tx,
      invitationMail({
        language: languageOf(signatory.id),
        to: signatory.email,
        name: signatory.fullName,
        ownerName: application.ownerName,
        title: application.title,
        link: `${config.publicUrl}/access-application/${token}`,
        expiresAt,
      }),
    );
    return expiresAt;
  }

  async function resolve(token: string) {
    const invitation = await repo.findInvitationByHash(db, hashToken(token));
    if (!invitation) throw portalErrors.linkInvalid();
    const application = await findApplicationWithNames(db, invitation.applicationId);
    if (!application || !PORTAL_OPEN.has(application.status)) throw portalErrors.applicationClosed();
    if (invitation.revokedAt) throw portalErrors.linkReplaced();
    if (invitation.expiresAt.getTime() <= now().getTime()) throw portalErrors.linkExpired();
    const signatories = await listSignatories(db, application.id);
    const me = signatories.find((s) => s.id === invitation.signatoryId);
    if (!me) throw portalErrors.linkInvalid();
    return { invitation, application, signatories, me };
  }

  deps.applicationsService.onTransition(async (tx, change) => {
    if (change.from === 'awaiting_payment' && change.to === 'awaiting_identity') {
      const application = await findApplicationWithNames(tx, change.applicationId);
      if (!application) return;
      for (const signatory of await listSignatories(tx, change.applicationId))
        await invite(tx, application, signatory);
    }
    if (ENDED.has(change.to)) await repo.revokeOpenInvitations(tx, { applicationId: change.applicationId });
  });

  const service = {
    /** The link's signatory and application, or the reason it does not open. Every step goes through here. */
    resolve,

    /**
     * A fresh personal link beside the ones the signatory has (the "is notarised" e-mail, a reminder), in the caller's
     * transaction. The earlier links keep working (one may be open in the call right now); only hashes are stored, so
     * an earlier link cannot be sent again.
     */
    async additionalLink(tx: DbOrTx, options: { applicationId: string; signatoryId: string }) {
      const token = createToken();
      const expiresAt = new Date(now().getTime() + INVITATION_TTL_DAYS * DAY_MS);
      await repo.insertInvitation(tx, { ...options, tokenHash: hashToken(token), expiresAt });
      return { url: `${config.publicUrl}/access-application/${token}`, expiresAt };
    },

    /** Whose link it is, for a realtime handshake: null when it does not open, whatever the reason. */
    async resolveLinkHolder(token: string) {
      const resolved = await resolve(token).catch(() => null);
      return resolved ? { signatoryId: resolved.me.id, applicationId: resolved.application.id } : null;
    },

    /** What a personal link opens. Every refusal names only the reason, never the application. */
    async access(token: string): Promise<PortalAccess> {
      return (await service.accessWithApplication(token)).access;
    },

    /** The same, with the application's id for the caller to add what other modules know (the booked time). */
    async accessWithApplication(token: string): Promise<{ access: PortalAccess; applicationId: string }> {
      const { invitation, application, signatories, me } = await resolve(token);
      await repo.markOpened(db, invitation.id);
      const acts = await deps.applicationsService.actFacts(db, application.id, application.status);
      const chosenLanguage = (await repo.findSignatoryLanguages(db, [me.id])).get(me.id);
      const access: PortalAccess = {
        application: {
          title: application.title ?? '',
          status: application.status as ApplicationStatus,
          documentType: application.documentType as PortalAccess['application']['documentType'],
          notaryName: application.notaryName,
          notaryRequestExpiresAt:
            application.status === 'waiting_for_notary'
              ? (application.notaryRequestExpiresAt?.toISOString() ?? null)
              : null,
        },
        signatory: {
          _id: me.id,
          fullName: me.fullName,
          email: me.email,
          position: me.position + 1,
          progress: me.progress as PortalAccess['signatory']['progress'],
          address: me.address,
          act: acts.get(me.id) ?? NO_ACT,
          language: chosenLanguage ? mailLanguage(chosenLanguage) : null,
        },
        signatories: signatories.map((s) => ({
          firstName: firstName(s.fullName),
          position: s.position + 1,
          progress: s.progress as PortalAccess['signatory']['progress'],
          act: acts.get(s.id) ?? NO_ACT,
          isYou: s.id === me.id,
        })),
        linkExpiresAt: invitation.expiresAt.toISOString(),
      };
      return { access, applicationId: application.id };
    },

    /** The signatory's language for the portal and their e-mails, remembered for every link they hold. */
    async chooseLanguage(options: { token: string; language: LanguageCode }) {
      const { me } = await resolve(options.token);
      await repo.upsertSignatoryLanguage(db, { signatoryId: me.id, language: options.language });
      return { language: options.language };
    },

    /** The owner (or an admin) sends a signatory a fresh link; the previous one stops working at once. */
    async resend(options: { applicationId: string; signatoryId: string; viewer: Viewer }) {
      if (!isUuid(options.applicationId) || !isUuid(options.signatoryId)) throw applicationErrors.notFound();
      const expiresAt = await db.transaction(async (tx) => {
        const application = await findApplicationWithNames(tx, options.applicationId);
        const mayAct =
          application && (application.ownerId === options.viewer.userId || options.viewer.role === 'admin');
        if (!application || !mayAct) throw applicationErrors.notFound();
        if (!PORTAL_OPEN.has(application.status))
          throw portalErrors.invitationNotAllowed(STATUS_LABELS[application.status as ApplicationStatus]);
        const signatory = (await listSignatories(tx, application.id)).find(
          (s) => s.id === options.signatoryId,
        );
        if (!signatory) throw applicationErrors.notFound();
        return invite(tx, application, signatory);
      });
      mailer.kick();
      return expiresAt;
    },
  };
  return service;
}

export type PortalService = ReturnType<typeof createPortalService>;
