import { readFile } from 'node:fs/promises';
import {
  IDENTITY_DOCUMENT_KINDS,
  type IdentityDocumentKind,
  type IdentityStatus,
  type SignatoryProgress,
} from '@mohar/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  type ApplicationsService,
  advanceSignatoryProgress,
  findApplication,
  findSignatory,
  listSignatories,
  setSignatoryAddress,
  withLockedApplication,
} from '../applications/applications.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PortalService } from '../portal/portal.service.ts';
import { identityErrors } from './identity.errors.ts';
import * as repo from './identity.repository.ts';
import { checkIdentityFile } from './identity-file.ts';
import { readQrText } from './qr-image.ts';
import { type SecureQrResult, type TrustedKey, trustedKeysFrom, verifySecureQr } from './secure-qr.ts';

const LABELS: Record<IdentityDocumentKind, string> = {
  aadhaar_front: 'the front of your Aadhaar card',
  aadhaar_back: 'the back of your Aadhaar card',
  selfie: 'your selfie',
};
const QR_MAX_PIXELS = 40_000_000;
/** A signatory is done with identity when the card is verified or left to the notary's check in the call. */
const IDENTITY_DONE: ReadonlySet<string> = new Set<SignatoryProgress>(['qr_verified', 'needs_notary_review']);

type Signatory = Awaited<ReturnType<PortalService['resolve']>>['me'];

export type IdentityEvidence = {
  qrOutcome: string | null;
  aadhaarMasked: string | null;
  mismatches: string[];
  documents: string[];
};

/**
 * The evidence each signatory brought through the portal, for the session and the certificate: current documents
 * only, and never the full Aadhaar number.
 */
export async function findIdentityEvidence(
  db: DbOrTx,
  options: { applicationId: string; signatoryIds: string[] },
): Promise<Map<string, IdentityEvidence>> {
  const evidence = new Map<string, IdentityEvidence>();
  if (options.signatoryIds.length === 0) return evidence;
  for (const row of await repo.currentEvidence(db, options)) {
    const entry = evidence.get(row.signatoryId) ?? {
      qrOutcome: null,
      aadhaarMasked: null,
      mismatches: [],
      documents: [],
    };
    entry.documents.push(row.kind);
    if (row.kind === 'aadhaar_back') {
      entry.qrOutcome = row.qrOutcome;
      entry.aadhaarMasked = row.aadhaarLast4 ? `XXXX XXXX ${row.aadhaarLast4}` : null;
      entry.mismatches = row.qrMismatches ?? [];
    }
    evidence.set(row.signatoryId, entry);
  }
  return evidence;
}

/**
 * A signatory's identity images in the portal (issue 7): each checked by content and stored encrypted; the back of
 * the card's Secure QR verified against the pinned UIDAI keys and compared with the signatory's record. Submitting
 * the three moves the signatory on; when everyone has, the application is ready for a notary.
 */
export function createIdentityService(deps: {
  db: Database;
  blobStore: BlobStore;
  config: AppConfig;
  portalService: PortalService;
  applicationsService: ApplicationsService;
  notificationsService: NotificationsService;
  log: FastifyBaseLogger;
}) {
  const { db, blobStore, config, portalService } = deps;
  let keys: Promise<TrustedKey[]> | undefined;
  const trustedKeys = () => {
    keys ??= readFile(config.uidaiQrKeysFile, 'utf8').then((text) => trustedKeysFrom(JSON.parse(text)));
    return keys;
  };

  /**
   * Reads and checks the QR on the back of the card: from the image, or else the text the portal's camera read live
   * (a Secure QR is self-authenticating: its UIDAI signature is checked either way). PDFs sent straight to the API
   * are not rendered here (the portal draws an e-Aadhaar's page in the browser and sends that): the notary checks them.
   */
  async function checkQr(options: {
    bytes: Buffer;
    isPdf: boolean;
    scanned: string | undefined;
    signatory: Signatory;
  }): Promise<SecureQrResult> {
    const { signatory } = options;
    let text: string | null = null;
    if (!options.isPdf) {
      try {
        text = await readQrText(options.bytes, { maxPixels: QR_MAX_PIXELS });
      } catch (error) {
        // Never log the image or the QR's content: only that reading failed.
        deps.log.warn({ err: { message: (error as Error).message } }, 'identity: QR reading failed');
      }
    }
    text ??= options.scanned ?? null;
    if (!text) return { outcome: 'unreadable', problem: 'no QR code found on the image' };
    return verifySecureQr(text, {
      trustedKeys: await trustedKeys(),
      expected: { name: signatory.fullName, dateOfBirth: signatory.dateOfBirth },
    });
  }

  async function statusOf(signatoryId: string, progress: string, message?: string): Promise<IdentityStatus> {
    const documents = await repo.currentDocuments(db, signatoryId);
    const back = documents.find((d) => d.kind === 'aadhaar_back');
    return {
      progress: progress as SignatoryProgress,
      documents: documents.map((d) => ({
        kind: d.kind as IdentityDocumentKind,
        contentType: d.contentType,
        uploadedAt: d.createdAt.toISOString(),
      })),
      qr: back?.qrOutcome
        ? {
            outcome: back.qrOutcome as NonNullable<IdentityStatus['qr']>['outcome'],
            aadhaarMasked: back.aadhaarLast4 ? `XXXX XXXX ${back.aadhaarLast4}` : null,
            mismatches: back.qrMismatches ?? [],
          }
        : null,
      ...(message ? { message } : {}),
    };
  }

  async function read(options: {
    signatoryId: string;
    kind: IdentityDocumentKind;
    reader: { role: string; userId: string | null; adminRoles?: readonly string[] };
    reason?: string;
    ip: string | null;
  }) {
    const document = (await repo.currentDocuments(db, options.signatoryId)).find(
      (d) => d.kind === options.kind,
    );
    if (!document?.blobKey) throw identityErrors.notFound();
    // The module's own log and the platform's audit trail, together (decision 0054).
    await db.transaction(async (tx) => {
      await repo.logAccess(tx, {
        documentId: document.id,
        readerRole: options.reader.role,
        readerUserId: options.reader.userId,
        reason: options.reason ?? null,
        ipAddress: options.ip,
      });
      await recordAudit(tx, {
        actor: { ...options.reader, ipAddress: options.ip },
        action: 'identity.image_read',
        subject: { type: 'signatory', id: options.signatoryId },
        detail: `${options.kind}${options.reason ? `: ${options.reason}` : ''}`,
      });
    });
    return { contentType: document.contentType, body: await blobStore.get(document.blobKey) };
  }

  return {
    async status(token: string) {
      const { me } = await portalService.resolve(token);
      return statusOf(me.id, me.progress);
    },

    async upload(options: {
      token: string;
      kind: IdentityDocumentKind;
      bytes: Buffer;
      fileName: string;
      /** The QR's text as read live by the portal's camera (back of the card only). */
      qrText?: string;
    }) {
      const { application, me } = await portalService.resolve(options.token);
      if (me.progress !== 'consented')
        throw identityErrors.notYet(
          IDENTITY_DONE.has(me.progress)
            ? 'Your identity is already submitted.'
            : 'Confirm your e-mail address and give your consent first.',
        );
      const checked = await checkIdentityFile({
        bytes: options.bytes,
        fileName: options.fileName,
        label: LABELS[options.kind],
        allowPdf: options.kind !== 'selfie',
      });
      if ('reason' in checked)
        throw checked.reason === 'too_large'
          ? identityErrors.fileTooLarge(checked.message)
          : identityErrors.fileInvalid(checked.message);
      const qr =
        options.kind === 'aadhaar_back'
          ? await checkQr({
              bytes: options.bytes,
              isPdf: checked.kind === 'pdf',
              scanned: options.qrText,
              signatory: me,
            })
          : undefined;
      const { key } = await blobStore.put({
        body: checked.bytes,
        prefix: `identity-${options.kind.replace('_', '-')}`,
      });
      let replacedKey: string | null = null;
      try {
        await db.transaction(async (tx) => {
          const previous = (await repo.currentDocuments(tx, me.id)).find((d) => d.kind === options.kind);
          if (previous) {
            replacedKey = previous.blobKey;
            await repo.supersede(tx, previous.id);
          }
          await repo.insertDocument(tx, {
            applicationId: application.id,
            signatoryId: me.id,
            kind: options.kind,
            blobKey: key,
            contentType: checked.contentType,
            sha256: checked.sha256,
            sizeBytes: checked.bytes.length,
            qrOutcome: qr?.outcome ?? null,
            // Only a signed QR's digits are worth keeping (and only the last 4 exist in it).
            aadhaarLast4: qr && 'keyName' in qr ? qr.data.aadhaarLast4 : null,
            qrMismatches: qr && 'mismatches' in qr ? qr.mismatches : null,
          });
          // A verified card's address starts the one the register needs; the signatory sees it and may change it.
          if (qr?.outcome === 'verified' && qr.data.address && !me.address?.trim())
            await setSignatoryAddress(tx, { signatoryId: me.id, address: qr.data.address });
        });
      } catch (error) {
        await blobStore.delete(key).catch(() => {});
        throw error;
      }
      if (replacedKey) await blobStore.delete(replacedKey).catch(() => {});
      return statusOf(me.id, me.progress);
    },

    /** The signatory sees their own current image while the portal is open. Logged like every read. */
    async readOwn(options: { token: string; kind: IdentityDocumentKind; ip: string | null }) {
      const { me } = await portalService.resolve(options.token);
      return read({
        signatoryId: me.id,
        kind: options.kind,
        reader: { role: 'signatory', userId: null },
        ip: options.ip,
      });
    },

    /**
     * Someone else's read: the notary the request reached, while the session is live, or an admin who says why.
     * Anyone else — the owner included — finds nothing (404), as for an application they cannot see.
     */
    async readForApplication(options: {
      applicationId: string;
      signatoryId: string;
      kind: IdentityDocumentKind;
      viewer: { userId: string; role: string; adminRoles?: readonly string[] };
      reason: string | undefined;
      ip: string | null;
    }) {
      if (!isUuid(options.applicationId) || !isUuid(options.signatoryId)) throw identityErrors.notFound();
      const signatory = await findSignatory(db, {
        applicationId: options.applicationId,
        signatoryId: options.signatoryId,
      });
      const found = signatory ? await findApplication(db, options.applicationId) : undefined;
      const { viewer } = options;
      const isSessionNotary =
        viewer.role === 'notary' &&
        found?.assignedNotaryId === viewer.userId &&
        found?.status === 'in_session';
      const isAdmin = viewer.role === 'admin' && found !== undefined;
      if (!isSessionNotary && !isAdmin) throw identityErrors.notFound();
      const reason = options.reason?.trim() ?? '';
      if (isAdmin && reason.length < 5) throw identityErrors.reasonRequired();
      return read({
        signatoryId: options.signatoryId,
        kind: options.kind,
        reader: { role: viewer.role, userId: viewer.userId, adminRoles: viewer.adminRoles },
        reason: isAdmin ? reason : undefined,
        ip: options.ip,
      });
    },

    async submit(options: { token: string; ip: string | null }) {
      const { application, me } = await portalService.resolve(options.token);
      if (me.progress !== 'consented')
        throw identityErrors.notYet(
          IDENTITY_DONE.has(me.progress)
            ? 'Your identity is already submitted.'
            : 'Confirm your e-mail address and give your consent first.',
        );
      const documents = await repo.currentDocuments(db, me.id);
      const missing = IDENTITY_DOCUMENT_KINDS.filter((kind) => !documents.some((d) => d.kind === kind));
      if (missing.length > 0) throw identityErrors.incomplete(missing.map((kind) => LABELS[kind]));
      const verified = documents.find((d) => d.kind === 'aadhaar_back')?.qrOutcome === 'verified';
      const next: SignatoryProgress = verified ? 'qr_verified' : 'needs_notary_review';
      // The application is locked first: of the last signatories submitting at once, exactly one finds everyone done.
      await db.transaction((tx) =>
        withLockedApplication(tx, application.id, async (locked) => {
          if (!(await advanceSignatoryProgress(tx, { signatoryId: me.id, from: 'consented', to: next })))
            throw identityErrors.notYet('Your identity is already submitted.');
          const firstName = me.fullName.split(/\s+/)[0] ?? me.fullName;
          await deps.notificationsService.notify(tx, {
            userId: application.ownerId,
            applicationId: application.id,
            kind: 'signatory_verified',
            text: {
              key: verified ? 'signatory_verified' : 'signatory_sent',
              params: { name: firstName, title: application.title ?? undefined },
            },
          });
          const everyone = await listSignatories(tx, application.id);
          if (locked?.status === 'awaiting_identity' && everyone.every((s) => IDENTITY_DONE.has(s.progress)))
            await deps.applicationsService.transition({
              id: application.id,
              to: 'ready',
              // The platform moves it on ("by Mohar" in the history), prompted by the last signatory's submission.
              actor: { userId: null, role: 'system', ip: options.ip },
              serverReason: { code: 'identities_proved' },
              tx,
            });
        }),
      );
      return statusOf(
        me.id,
        next,
        verified
          ? 'Your Aadhaar card is verified.'
          : 'Thank you. The notary will check your Aadhaar card in the video call.',
      );
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
