import { createHash, randomBytes } from 'node:crypto';
import { SEALING_ERROR_CODES, type SealStage } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { isUuid } from '../../platform/ids.ts';
import { mailLanguage } from '../../platform/mail-layout.ts';
import type { Mailer } from '../../platform/mailer.ts';
import {
  type ApplicationsService,
  findApplication,
  findApplicationSummaries,
  listSignatories,
  withLockedApplication,
} from '../applications/applications.service.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { findActiveAdminEmails, findUserContact } from '../auth/auth.service.ts';
import type { NotariesService } from '../notaries/notaries.service.ts';
import { appendRegisterEntry } from '../notaries/register.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { istDateKey } from '../payments/business-days.ts';
import { type PortalService, signatoryLanguagesOf } from '../portal/portal.service.ts';
import type { RecorderService } from '../recorder/recorder.service.ts';
import { requireRecording } from '../sessions/call.service.ts';
import { appendDocumentVersion, type SigningService, signatureRecords } from '../signing/signing.service.ts';
import { executantColumns, executantSignatureRef, notarySignatureRef } from './register-entry.ts';
import { sealingErrors } from './sealing.errors.ts';
import { notarisedMail, sealFailedAlertMail } from './sealing.mails.ts';
import * as repo from './sealing.repository.ts';
import { gatherSealingData } from './sealing-data.ts';

/**
 * pdf-lib, pkijs and the fonts load with the first seal, not with the server: a server at rest does not hold them
 * (issue 20's memory goal), and a seal pays the import once per process.
 */
async function loadSealingPdf() {
  const [{ PDFDocument }, certificatePage, notarialCertificate, pades, padesVerify] = await Promise.all([
    import('@cantoo/pdf-lib'),
    import('./certificate-page.ts'),
    import('./notarial-certificate.ts'),
    import('./pades.ts'),
    import('./pades-verify.ts'),
  ]);
  return {
    PDFDocument,
    appendCertificateOfNotarisation: certificatePage.appendCertificateOfNotarisation,
    addNotarialCertificate: notarialCertificate.addNotarialCertificate,
    signPdf: pades.signPdf,
    findLastSignature: padesVerify.findLastSignature,
  };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** A running seal older than this was interrupted (a crash, a restart): it may be taken again. */
const STALE_MS = 2 * 60_000;
/** 10 characters of an alphabet without look-alikes: what the certificate's QR code and link carry. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () =>
  Array.from(randomBytes(10), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');

export type SealingService = ReturnType<typeof createSealingService>;

/**
 * Seals whose last attempt failed while their session is still live (`in_session`): the ones a retry can finish. A
 * failed seal of a session that was ended as failed since is history, not work, and is left out.
 */
export async function listFailedSeals(db: DbOrTx) {
  const failed = await repo.listFailed(db);
  const applications = new Map(
    (
      await findApplicationSummaries(
        db,
        failed.map((row) => row.applicationId),
      )
    ).map((row) => [row.id, row]),
  );
  return failed.flatMap((seal) => {
    const application = applications.get(seal.applicationId);
    return application?.status === 'in_session' ? [{ seal, application }] : [];
  });
}

/** The application's seal (null before the notary first sealed). */
export const findSeal = async (db: DbOrTx, applicationId: string) =>
  (await repo.findByApplication(db, applicationId)) ?? null;

/** What the retry did, for the audit row written in the same transaction as the change. */
type RetryAudit = (tx: DbOrTx, outcome: 'sealed' | 'failed', attempt: number) => Promise<void>;

/**
 * Attest and seal (issue 10): the notarial certificate on the signed document, the certificate of notarisation
 * appended, then the PAdES signature with the notary's certificate, last. Safe to retry: the seal row is claimed
 * with a guarded UPDATE, the PDF work has no side effects until one transaction stores the version, writes the
 * register entry, marks the application notarised and notifies everyone — and that transaction runs once.
 */
export function createSealingService(deps: {
  db: Database;
  blobStore: BlobStore;
  config: AppConfig;
  mailer: Pick<Mailer, 'enqueue'>;
  applicationsService: ApplicationsService;
  notariesService: NotariesService;
  notificationsService: NotificationsService;
  signingService: SigningService;
  portalService: Pick<PortalService, 'additionalLink'>;
  /** Each stage as it begins, for the people in the call (a hint: a missed one only skips a line of progress). */
  onStage?: (applicationId: string, stage: SealStage) => void;
  /** Each seal's duration once it finished or failed (the metrics). */
  onSealed?: (result: { seconds: number; outcome: 'done' | 'failed' }) => void;
  /** The server recorder: the seal finishes the recording and stores its signed manifest (decision 0081). */
  recorder: Pick<RecorderService, 'finishAndStore' | 'reopen' | 'forget'>;
}) {
  const { db, blobStore } = deps;
  const stage = (applicationId: string, value: SealStage) => deps.onStage?.(applicationId, value);

  async function statusOf(applicationId: string) {
    return (await repo.findByApplication(db, applicationId)) ?? null;
  }

  /** Takes the seal for this run: a new one, a failed one, or one left running by an interrupted run. */
  async function claim(applicationId: string, notaryId: string) {
    const inserted = await repo.insertIfAbsent(db, { applicationId, notaryId, verificationCode: newCode() });
    if (inserted) return inserted;
    const taken = await repo.retake(db, { applicationId, staleBefore: new Date(Date.now() - STALE_MS) });
    return taken ?? null;
  }

  async function run(applicationId: string, notaryId: string, ip: string | null, audit?: RetryAudit) {
    // Outside a transaction the lock is only waited for: a change in progress (a signature, another run finishing)
    // commits before the row is read.
    const application = await withLockedApplication(db, applicationId, async (row) => row);
    if (application?.status !== 'in_session' || application.assignedNotaryId !== notaryId)
      throw sealingErrors.notFound();
    const signing = await deps.signingService.state(applicationId);
    if (!signing.allSigned)
      throw sealingErrors.notAllSigned(signing.order.filter((o) => !o.signedAt).map((o) => o.name));
    const existing = await statusOf(applicationId);
    if (existing?.status === 'done') return existing;
    // No seal while someone's media does not reach the recorder (the same rule as every act of the session).
    await requireRecording(db, applicationId);
    const data = await gatherSealingData(db, applicationId);
    if (!data) throw sealingErrors.notFound();
    // The recording ends here: every take is stored and chained, and the signed manifest kept with the session;
    // its final hash goes on the certificate. A seal that fails from here on lets the recording go on (`reopen`).
    const recording = await deps.recorder.finishAndStore(applicationId);
    if (!recording.entries.some((entry) => entry.kind === 'part')) {
      await deps.recorder.reopen(applicationId);
      throw sealingErrors.recordingUnfinished();
    }
    const seal = await claim(applicationId, notaryId);
    if (!seal) throw sealingErrors.inProgress();
    const recordingSha256 = recording.finalHash;

    let sealedKey: string | null = null;
    const startedAt = performance.now();
    const reportDuration = (outcome: 'done' | 'failed') =>
      deps.onSealed?.({ seconds: (performance.now() - startedAt) / 1000, outcome });
    try {
      stage(applicationId, 'stamping');
      const {
        PDFDocument,
        addNotarialCertificate,
        appendCertificateOfNotarisation,
        signPdf,
        findLastSignature,
      } = await loadSealingPdf();
      const material = await deps.notariesService.sealingMaterial(notaryId);
      const signed = await deps.signingService.currentDocument(applicationId);
      const pdf = await PDFDocument.load(signed.bytes);
      const notarisedAt = new Date();
      const fee = application.fee?.lines.find((line) => line.code === 'notarial_fee')?.amountPaise ?? 0;
      const executants = data.parties.filter((p) => p.role === 'executant').map((p) => p.name);
      // The client's language: the Hindi headings beside the English on the notary's certificate and the page.
      const headingLanguage = mailLanguage((await findUserContact(db, application.ownerId))?.language);
      await addNotarialCertificate(pdf, {
        headingLanguage,
        act: data.act,
        executants: executants.length > 0 ? executants : data.parties.map((p) => p.name),
        notary: {
          name: material.fullName,
          registrationNumber: material.registrationNumber,
          areaOfPractice: material.areaOfPractice,
        },
        place: material.areaOfPractice,
        actAt: notarisedAt,
        fee: { chargedPaise: fee, receiptSerial: data.receiptSerial },
        sealImage: material.sealPng,
        signatureImage: material.signaturePng,
        documentTitle: application.title,
      });
      await appendCertificateOfNotarisation(pdf, {
        applicationId,
        headingLanguage,
        document: {
          title: application.title ?? 'Document',
          type: data.documentType,
          act: data.act,
          pageCount: application.document?.pages ?? null,
          language: application.language,
        },
        parties: data.parties,
        notary: {
          name: material.fullName,
          registrationNumber: material.registrationNumber,
          areaOfPractice: material.areaOfPractice,
          appointingGovernment: material.appointingGovernment,
        },
        notarisedAt,
        digitalSignature: material.certificate,
        timeline: data.timeline,
        hashes: {
          originalSha256: application.document?.sha256 ?? '',
          beforeSealingSha256: signed.sha256,
          recordingSha256,
        },
        verification: { code: seal.verificationCode, publicUrl: deps.config.publicUrl },
      });
      const unsigned = await pdf.save({ useObjectStreams: false });
      stage(applicationId, 'signing');
      const sealed = await signPdf({
        pdf: unsigned,
        signer: material.signer,
        name: material.fullName,
        reason: `Notarised on Mohar (${seal.verificationCode})`,
        location: material.areaOfPractice,
        signingTime: notarisedAt,
        tsaUrl: deps.config.tsaUrl,
        onTimestamp: () => stage(applicationId, 'timestamping'),
      });
      const located = findLastSignature(sealed);
      const stored = await blobStore.put({ body: sealed, prefix: 'document-sealed' });
      sealedKey = stored.key;
      const sealedSha = sha256(sealed);

      const finished = await db.transaction((tx) =>
        withLockedApplication(tx, applicationId, async (row) => {
          // Another run finished first: ours changes nothing.
          if (row?.status !== 'in_session') return false;
          await appendDocumentVersion(tx, {
            applicationId,
            blobKey: stored.key,
            sha256: sealedSha,
            sizeBytes: sealed.length,
            reason: 'sealed',
          });
          const signatories = await listSignatories(tx, applicationId);
          await appendRegisterEntry(tx, {
            notaryId,
            // The act's date in India, where the register is kept.
            actDate: istDateKey(notarisedAt),
            notarialAct: data.act,
            ...executantColumns(signatories),
            executantSignatureRef: executantSignatureRef(
              signatories,
              await signatureRecords(tx, applicationId),
            ),
            notarySignatureRef: notarySignatureRef({
              notaryName: material.fullName,
              certificateSerial: material.certificate.serialNumber,
              issuer: material.certificate.issuer,
              verificationCode: seal.verificationCode,
            }),
            documentDescription: application.title ?? application.documentType ?? 'Document',
            prescribedFeePaise: fee,
            feeChargedPaise: fee,
            receiptSerial: data.receiptSerial,
            applicationId,
            recordingSha256,
            identityEvidence: data.parties,
            documentSha256Before: signed.sha256,
            documentSha256After: sealedSha,
          });
          await repo.markDone(tx, {
            applicationId,
            sealedBlobKey: stored.key,
            sealedSha256: sealedSha,
            signatureSha256: located ? sha256(located.contents) : null,
            sizeBytes: sealed.length,
          });
          await deps.applicationsService.transition({
            id: applicationId,
            to: 'notarised',
            actor: { userId: notaryId, role: 'notary', ip },
            serverReason: { code: 'sealed', params: { code: seal.verificationCode } },
            tx,
          });
          await audit?.(tx, 'sealed', seal.attempts);
          await deps.notificationsService.notify(tx, {
            userId: row.ownerId,
            applicationId,
            kind: 'document_sealed',
            text: { key: 'document_sealed', params: { title: row.title ?? undefined } },
            isImportant: true,
          });
          const verifyUrl = `${deps.config.publicUrl}/verify/${seal.verificationCode}`;
          const languageOf = await signatoryLanguagesOf(tx, { ownerId: row.ownerId, signatories });
          for (const signatory of signatories)
            await deps.mailer.enqueue(
              tx,
              notarisedMail({
                language: languageOf(signatory.id),
                to: signatory.email,
                name: signatory.fullName,
                title: row.title,
                downloadUrl: (
                  await deps.portalService.additionalLink(tx, { applicationId, signatoryId: signatory.id })
                ).url,
                verifyUrl,
                isPersonalLink: true,
              }),
            );
          // An owner who is also a signatory has just been sent their personal link (it downloads too): one mail.
          const owner = await findUserContact(tx, row.ownerId);
          const ownerSigns = signatories.some((s) => s.email.toLowerCase() === owner?.email.toLowerCase());
          if (owner && !ownerSigns)
            await deps.mailer.enqueue(
              tx,
              notarisedMail({
                language: owner.language,
                to: owner.email,
                name: owner.name,
                title: row.title,
                downloadUrl: `${deps.config.publicUrl}/application-view/${applicationId}`,
                verifyUrl,
                isPersonalLink: false,
              }),
            );
          return true;
        }),
      );
      if (!finished) await blobStore.delete(stored.key).catch(() => {});
      stage(applicationId, 'done');
      reportDuration('done');
      deps.notificationsService.kick();
      deps.recorder.forget(applicationId);
      return (await statusOf(applicationId)) ?? seal;
    } catch (error) {
      if (sealedKey) await blobStore.delete(sealedKey).catch(() => {});
      await deps.recorder.reopen(applicationId).catch(() => {});
      stage(applicationId, 'failed');
      reportDuration('failed');
      const message = error instanceof Error ? error.message : 'Sealing failed.';
      await db.transaction(async (tx) => {
        await audit?.(tx, 'failed', seal.attempts);
        if (!(await repo.markFailed(tx, { applicationId, lastError: message.slice(0, 500) }))) return;
        const admins = await findActiveAdminEmails(tx);
        await deps.mailer.enqueue(
          tx,
          admins.map((to) =>
            sealFailedAlertMail({
              to,
              applicationId,
              title: application.title,
              error: message.slice(0, 300),
              attempts: seal.attempts,
            }),
          ),
        );
      });
      throw sealingErrors.failed(`Sealing failed: ${message} Try again; the document is unchanged.`);
    }
  }

  return {
    statusOf,
    seal: (options: { applicationId: string; notaryId: string; ip: string | null }) => {
      if (!isUuid(options.applicationId)) throw sealingErrors.notFound();
      return run(options.applicationId, options.notaryId, options.ip);
    },

    /**
     * An admin's retry of a failed seal (issue 22), audited as `seal.retry` in the transaction that finishes or fails
     * it. Idempotent: a seal that is done answers `already_sealed` and changes nothing (the register, the document
     * and the application stay as they are); one running now answers 409; one that never started (no seal row) 404.
     * The act stays the notary's: the status change and the register entry name them, as when they seal.
     */
    async retry(options: { applicationId: string; actor: AuditActor }) {
      if (!isUuid(options.applicationId)) throw sealingErrors.notFound();
      const { applicationId, actor } = options;
      const existing = await statusOf(applicationId);
      if (!existing) throw sealingErrors.noSeal();
      const audit = (tx: DbOrTx, outcome: string, attempt: number) =>
        recordAudit(tx, {
          actor,
          action: 'seal.retry',
          subject: { type: 'application', id: applicationId },
          detail: `attempt ${attempt}: ${outcome}`,
        });
      if (existing.status === 'done') {
        await audit(db, 'already sealed, nothing done', existing.attempts);
        return { outcome: 'already_sealed' as const, seal: existing };
      }
      try {
        const seal = await run(applicationId, existing.notaryId, actor.ipAddress, audit);
        return { outcome: 'sealed' as const, seal };
      } catch (error) {
        if (error instanceof AppError && error.code === SEALING_ERROR_CODES.failed)
          return { outcome: 'failed' as const, seal: await statusOf(applicationId) };
        throw error;
      }
    },

    /** Seals interrupted by a crash or a restart are finished by the sweep (exactly once, see `run`). */
    async resumeInterrupted() {
      const stale = [];
      for (const job of await repo.findStaleRunning(db, new Date(Date.now() - STALE_MS)))
        if ((await findApplication(db, job.applicationId))?.status === 'in_session') stale.push(job);
      for (const job of stale) await run(job.applicationId, job.notaryId, null).catch(() => {});
      return stale.length;
    },

    /** The notarised PDF (the last version), for whoever may read the application. */
    async sealedDocument(applicationId: string) {
      const row = await statusOf(applicationId);
      if (row?.status !== 'done' || !row.sealedBlobKey) return null;
      return {
        body: await blobStore.get(row.sealedBlobKey),
        sha256: row.sealedSha256,
        sizeBytes: row.sizeBytes,
      };
    },
  };
}
