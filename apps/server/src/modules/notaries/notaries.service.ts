import { readFile } from 'node:fs/promises';
import {
  type AvailabilityRequest,
  type DirectoryNotary,
  NOTARY_DOCUMENT_KINDS,
  type NotaryDetailsRequest,
  type NotaryDocumentKind,
  type NotaryProfile,
  type NotaryStatus,
  SERVICE_HOURS,
  todayInIndia,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { type BlobStore, readBlob } from '../../platform/blob-store.ts';
import type { Encryptor } from '../../platform/crypto.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { type CheckedFile, checkUpload } from './file-check.ts';
import { notaryErrors } from './notaries.errors.ts';
import { notaryDecisionMail } from './notaries.mails.ts';
import type { NotaryRow, NotaryWithEmail } from './notaries.repository.ts';
import * as repo from './notaries.repository.ts';
import { loadOrCreatePlatformCa } from './platform-ca.ts';
import { parseSealLayout, renderSealPng, renderSealSvg, type SealDetails, type SealLayout } from './seal.ts';
import { CertificateError, type CertificateSummary, inspectP12, openP12 } from './signing-certificate.ts';

/** Who may move an application where (issue 4). Anything else is a 409. */
const TRANSITIONS = {
  submit: { from: ['draft', 'rejected'], to: 'pending', verb: 'submitted' },
  approve: { from: ['pending'], to: 'verified', verb: 'approved' },
  reject: { from: ['pending'], to: 'rejected', verb: 'rejected' },
  suspend: { from: ['verified'], to: 'suspended', verb: 'suspended' },
  reinstate: { from: ['suspended'], to: 'verified', verb: 'reinstated' },
} as const satisfies Record<string, { from: readonly NotaryStatus[]; to: NotaryStatus; verb: string }>;
export type NotaryAction = keyof typeof TRANSITIONS;

const EDITABLE: readonly string[] = ['draft', 'rejected'];

const ALLOWED_FILES: Record<NotaryDocumentKind, ReadonlyArray<CheckedFile['contentType']>> = {
  certificate: ['application/pdf', 'image/jpeg', 'image/png'],
  photo: ['image/jpeg', 'image/png'],
  signature: ['image/png', 'image/jpeg'],
  seal: ['image/png', 'image/jpeg'],
};
const FILE_LABELS: Record<NotaryDocumentKind, string> = {
  certificate: 'certificate of practice',
  photo: 'photo',
  signature: 'signature specimen',
  seal: 'seal image',
};

/** HH:MM in India now. */
function clockInIndia(now: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(now);
}

/** The seal names the appointing government in full (Notaries Act §3). */
function governmentOnSeal(government: string): string {
  if (government === 'Central Government') return government;
  return government === 'Delhi' ? 'Government of NCT of Delhi' : `Government of ${government}`;
}

function sealDetailsOf(row: NotaryRow): SealDetails | null {
  const { fullName, areaOfPractice, registrationNumber, appointingGovernment, commissionExpiresOn } = row;
  if (!fullName || !areaOfPractice || !registrationNumber || !appointingGovernment || !commissionExpiresOn)
    return null;
  return {
    name: fullName,
    areaOfPractice,
    registrationNumber,
    appointingGovernment: governmentOnSeal(appointingGovernment),
    commissionExpiresOn,
  };
}

export function missingSteps(row: NotaryRow): string[] {
  const missing: string[] = [];
  const details = [
    row.fullName,
    row.registrationNumber,
    row.appointingGovernment,
    row.areaOfPractice,
    row.commissionExpiresOn,
    row.officeAddress,
  ];
  if (details.some((v) => !v) || row.languages.length === 0) missing.push('details');
  if (!row.documents.certificate) missing.push('certificate of practice');
  if (!row.documents.photo) missing.push('photo');
  if (!row.documents.signature) missing.push('signature specimen');
  if (!row.documents.seal) missing.push('seal');
  if (!row.signingCertificate) missing.push('signing certificate');
  return missing;
}

export function canTakeWork(row: Pick<NotaryRow, 'status' | 'commissionExpiresOn'>, today: string): boolean {
  return (
    row.status === 'verified' && Boolean(row.commissionExpiresOn) && (row.commissionExpiresOn ?? '') >= today
  );
}

export type { NotaryRow };

/*
 * Notary profiles belong to this module: other modules (the session, notifications, verification) read them
 * through these.
 */

/** The notary's profile as stored (status, online switch, name, registration number), or undefined. */
export const findNotaryProfile = (db: DbOrTx, userId: string) => repo.findProfile(db, userId);

/** Notaries who can take a request now: verified and online. */
export const findAvailableNotaryIds = (db: DbOrTx) => repo.findAvailableIds(db);

export type NotariesService = ReturnType<typeof createNotariesService>;

export function createNotariesService(deps: {
  db: Database;
  blobStore: BlobStore;
  mailer: Mailer;
  config: AppConfig;
  encryptor: Encryptor;
  encryptionKey: Buffer;
  /** Optional for the command-line tools, which notify nobody. */
  notificationsService?: NotificationsService;
  now?: () => Date;
}) {
  const { db, blobStore, mailer, config, encryptor } = deps;
  // The CA is made (or read) on first use, so starting a server or a test app never waits for key generation.
  let platformCa: ReturnType<typeof loadOrCreatePlatformCa> | null = null;
  const getPlatformCa = () => {
    platformCa ??= (async () =>
      loadOrCreatePlatformCa({
        dataDir: config.dataDir,
        encryptionKey: deps.encryptionKey,
        configured: config.platformCa
          ? { p12: await readFile(config.platformCa.p12Path), passphrase: config.platformCa.passphrase }
          : undefined,
      }))();
    platformCa.catch(() => {
      platformCa = null;
    });
    return platformCa;
  };

  /** Keeps a checked signing certificate: the P12 encrypted in the blob store, its passphrase encrypted here. */
  async function storeSigningCertificate(options: {
    row: NotaryRow;
    p12: Buffer;
    passphrase: string;
    summary: CertificateSummary;
  }) {
    const { key } = await blobStore.put({ body: options.p12, prefix: 'notary-p12' });
    await repo.updateNotary(db, options.row.userId, {
      signingCertificate: {
        p12Key: key,
        passphraseEncrypted: encryptor.encrypt(options.passphrase),
        subjectCommonName: options.summary.subjectCommonName,
        notAfter: options.summary.notAfter.toISOString(),
        fingerprintSha256: options.summary.fingerprintSha256,
        isPlatformIssued: options.summary.isPlatformIssued,
        certificatePem: options.summary.certificatePem,
      },
    });
    const previous = options.row.signingCertificate;
    if (previous && previous.p12Key !== key) await blobStore.delete(previous.p12Key).catch(() => {});
  }
  const now = deps.now ?? (() => new Date());
  const dashboardUrl = `${config.publicUrl}/dashboard`;

  function toProfile(row: NotaryWithEmail): NotaryProfile {
    const doc = (kind: NotaryDocumentKind) => {
      const d = row.documents[kind];
      return d ? { contentType: d.contentType, size: d.size, uploadedAt: d.uploadedAt } : null;
    };
    return {
      _id: row.userId,
      email: row.email,
      status: row.status as NotaryStatus,
      statusReason: row.statusReason,
      fullName: row.fullName,
      registrationNumber: row.registrationNumber,
      appointingGovernment: row.appointingGovernment,
      areaOfPractice: row.areaOfPractice,
      commissionExpiresOn: row.commissionExpiresOn,
      officeAddress: row.officeAddress,
      languages: row.languages,
      documents: {
        certificate: doc('certificate'),
        photo: doc('photo'),
        signature: doc('signature'),
        seal: doc('seal'),
      },
      signingCertificate: row.signingCertificate
        ? {
            subjectCommonName: row.signingCertificate.subjectCommonName,
            notAfter: row.signingCertificate.notAfter,
            isPlatformIssued: row.signingCertificate.isPlatformIssued,
            fingerprintSha256: row.signingCertificate.fingerprintSha256,
          }
        : null,
      sealLayout: row.sealLayout ? parseSealLayout(row.sealLayout) : null,
      isOnline: row.isOnline,
      workingHours: { from: row.workingFrom, to: row.workingTo },
      missing: missingSteps(row),
      canTakeWork: canTakeWork(row, todayInIndia(now())),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
    };
  }

  function toDirectoryCard(row: NotaryRow): DirectoryNotary {
    const clock = clockInIndia(now());
    const isWithinHours =
      clock >= row.workingFrom &&
      clock < row.workingTo &&
      clock >= SERVICE_HOURS.opensAt &&
      clock < SERVICE_HOURS.closesAt;
    return {
      _id: row.userId,
      fullName: row.fullName ?? '',
      registrationNumber: row.registrationNumber ?? '',
      appointingGovernment: row.appointingGovernment ?? '',
      areaOfPractice: row.areaOfPractice ?? '',
      languages: row.languages,
      photoUrl: row.documents.photo
        ? `/api/v1/notaries/${row.userId}/photo?v=${encodeURIComponent(row.documents.photo.uploadedAt)}`
        : null,
      isOnlineNow: row.isOnline && isWithinHours,
      commissionExpiresOn: row.commissionExpiresOn ?? '',
    };
  }

  async function getRow(userId: string): Promise<NotaryWithEmail> {
    const row = await repo.findNotary(db, userId);
    if (!row) throw notaryErrors.notFound();
    return row;
  }

  /** Moves an application along TRANSITIONS inside one transaction with its audit event and e-mail. */
  async function transition(options: {
    notaryId: string;
    action: NotaryAction;
    actorId: string;
    reason?: string;
  }) {
    const rule = TRANSITIONS[options.action];
    await db.transaction(async (tx) => {
      const row = await repo.findNotaryForUpdate(tx, options.notaryId);
      if (!row) throw notaryErrors.notFound();
      if (!(rule.from as readonly string[]).includes(row.status)) {
        throw notaryErrors.illegalTransition({ from: row.status, action: rule.verb });
      }
      if (options.action === 'submit') {
        const missing = missingSteps(row);
        if (missing.length > 0) throw notaryErrors.incomplete(missing);
      }
      const at = now();
      await repo.updateNotary(tx, options.notaryId, {
        status: rule.to,
        statusReason: options.reason ?? null,
        ...(options.action === 'submit' ? { submittedAt: at } : {}),
        ...(rule.to === 'verified' ? { verifiedAt: at } : {}),
        // A suspended notary is taken offline at once.
        ...(rule.to === 'suspended' ? { isOnline: false } : {}),
      });
      await repo.insertStatusEvent(tx, {
        notaryId: options.notaryId,
        fromStatus: row.status,
        toStatus: rule.to,
        reason: options.reason ?? null,
        actorId: options.actorId,
      });
      const notary = await repo.findNotary(tx, options.notaryId);
      if (notary) {
        await mailer.enqueue(
          tx,
          notaryDecisionMail({
            to: notary.email,
            name: notary.fullName ?? 'there',
            decision:
              rule.to === 'pending'
                ? 'submitted'
                : options.action === 'reinstate'
                  ? 'reinstated'
                  : (rule.to as 'verified' | 'rejected' | 'suspended'),
            reason: options.reason,
            dashboardUrl,
          }),
        );
        const news: Partial<Record<string, string>> = {
          verified: 'Your notary profile is verified: you can go online and take requests.',
          rejected: `Your notary application was not approved${options.reason ? `: ${options.reason}` : '.'}`,
          suspended: `Your notary profile is suspended${options.reason ? `: ${options.reason}` : '.'}`,
        };
        const text = options.action === 'reinstate' ? 'Your notary profile is reinstated.' : news[rule.to];
        if (text)
          await deps.notificationsService?.notify(tx, {
            userId: notary.userId,
            kind: 'notary_verification',
            text,
            // The decision is e-mailed above already.
          });
      }
    });
    mailer.kick();
    return toProfile(await getRow(options.notaryId));
  }

  return {
    toProfile,

    async getOwnProfile(userId: string) {
      await repo.ensureNotaryRow(db, userId);
      return toProfile(await getRow(userId));
    },

    async saveDetails(options: {
      userId: string;
      details: NotaryDetailsRequest & { registrationNumber?: string };
    }) {
      await repo.ensureNotaryRow(db, options.userId);
      const row = await getRow(options.userId);
      if (!EDITABLE.includes(row.status)) throw notaryErrors.locked(row.status);
      try {
        await repo.updateNotary(db, options.userId, {
          ...options.details,
          // A new commission date starts its reminders afresh.
          ...(options.details.commissionExpiresOn &&
          options.details.commissionExpiresOn !== row.commissionExpiresOn
            ? { expiryRemindersSent: [] }
            : {}),
        });
      } catch (error) {
        if (
          String(
            (error as { cause?: { code?: string }; code?: string }).cause?.code ??
              (error as { code?: string }).code,
          ) === '23505'
        ) {
          throw notaryErrors.registrationTaken();
        }
        throw error;
      }
      return toProfile(await getRow(options.userId));
    },

    async uploadDocument(options: { userId: string; kind: NotaryDocumentKind; bytes: Buffer }) {
      await repo.ensureNotaryRow(db, options.userId);
      const row = await getRow(options.userId);
      if (!EDITABLE.includes(row.status)) throw notaryErrors.locked(row.status);
      const checked = await checkUpload({
        bytes: options.bytes,
        allowed: ALLOWED_FILES[options.kind],
        label: FILE_LABELS[options.kind],
      });
      if ('error' in checked) throw notaryErrors.fileInvalid(checked.error);
      const { key, size } = await blobStore.put({ body: checked.bytes, prefix: `notary-${options.kind}` });
      const previous = row.documents[options.kind];
      await repo.updateNotary(db, options.userId, {
        documents: {
          ...row.documents,
          [options.kind]: { key, contentType: checked.contentType, size, uploadedAt: now().toISOString() },
        },
      });
      // The old file goes only after the row points at the new one: a crash in between leaves an orphan, never a gap.
      if (previous) await blobStore.delete(previous.key);
      return toProfile(await getRow(options.userId));
    },

    /** The stored file, for its owner or an admin (routes check which). */
    async readDocument(options: { notaryId: string; kind: NotaryDocumentKind }) {
      const row = await repo.findNotary(db, options.notaryId);
      const doc = row?.documents[options.kind];
      if (!doc) throw notaryErrors.notFound();
      return { contentType: doc.contentType, body: await blobStore.get(doc.key) };
    },

    /** A verified notary's photo for the public directory; nobody else's. */
    async readDirectoryPhoto(notaryId: string) {
      const row = await repo.findNotary(db, notaryId);
      const photo = row?.documents.photo;
      if (!row || !photo || !canTakeWork(row, todayInIndia(now()))) throw notaryErrors.notFound();
      return { contentType: photo.contentType, body: await blobStore.get(photo.key) };
    },

    /** The seal as it would be drawn from the saved details, for the live preview. */
    async previewSeal(options: { userId: string; layout: Partial<SealLayout> }) {
      await repo.ensureNotaryRow(db, options.userId);
      const details = sealDetailsOf(await getRow(options.userId));
      if (!details)
        throw notaryErrors.incomplete([
          'details (name, area, registration number, government, commission expiry)',
        ]);
      return { svg: renderSealSvg(details, parseSealLayout(options.layout)) };
    },

    /** Draws the seal from the saved details at 300 dpi and keeps it as the notary's seal image. */
    async generateSeal(options: { userId: string; layout: Partial<SealLayout> }) {
      await repo.ensureNotaryRow(db, options.userId);
      const row = await getRow(options.userId);
      if (!EDITABLE.includes(row.status)) throw notaryErrors.locked(row.status);
      const details = sealDetailsOf(row);
      if (!details)
        throw notaryErrors.incomplete([
          'details (name, area, registration number, government, commission expiry)',
        ]);
      const layout = parseSealLayout(options.layout);
      const { png } = await renderSealPng(details, { layout });
      const { key, size } = await blobStore.put({ body: png, prefix: 'notary-seal' });
      await repo.updateNotary(db, options.userId, {
        sealLayout: layout,
        documents: {
          ...row.documents,
          seal: { key, contentType: 'image/png', size, uploadedAt: now().toISOString() },
        },
      });
      if (row.documents.seal) await blobStore.delete(row.documents.seal.key);
      return toProfile(await getRow(options.userId));
    },

    /** A notary's own PKCS#12: parsed, checked (dates, key, usage) and kept; the reason for a refusal is shown. */
    async uploadSigningCertificate(options: { userId: string; p12: Buffer; passphrase: string }) {
      await repo.ensureNotaryRow(db, options.userId);
      const row = await getRow(options.userId);
      if (!EDITABLE.includes(row.status)) throw notaryErrors.locked(row.status);
      const ca = await getPlatformCa();
      let summary: CertificateSummary;
      try {
        summary = inspectP12({
          p12: options.p12,
          passphrase: options.passphrase,
          now: now(),
          platformCaFingerprint: ca.fingerprintSha256,
        });
      } catch (error) {
        if (error instanceof CertificateError) throw notaryErrors.certificateInvalid(error.message);
        throw error;
      }
      await storeSigningCertificate({ row, p12: options.p12, passphrase: options.passphrase, summary });
      return toProfile(await getRow(options.userId));
    },

    /** A certificate from the platform CA with the notary's name and registration number (labelled as such). */
    async issuePlatformCertificate(userId: string) {
      await repo.ensureNotaryRow(db, userId);
      const row = await getRow(userId);
      if (!EDITABLE.includes(row.status)) throw notaryErrors.locked(row.status);
      if (!row.fullName || !row.registrationNumber)
        throw notaryErrors.incomplete(['full name and registration number']);
      const ca = await getPlatformCa();
      const issued = await ca.issue({
        name: row.fullName,
        registrationNumber: row.registrationNumber,
        email: row.email,
      });
      await storeSigningCertificate({
        row,
        p12: issued.p12,
        passphrase: issued.passphrase,
        summary: issued.summary,
      });
      return toProfile(await getRow(userId));
    },

    /** The platform CA's certificate, for anyone checking a platform-issued signature. */
    async getPlatformCaCertificate() {
      return (await getPlatformCa()).certificatePem;
    },

    /**
     * What sealing needs from a verified notary (issue 10): the signing key and certificate from onboarding (with
     * the issuers to include in the signature), the seal image and the signature specimen, the register details.
     */
    async sealingMaterial(userId: string) {
      const row = await getRow(userId);
      const certificate = row.signingCertificate;
      const seal = row.documents.seal;
      const signature = row.documents.signature;
      if (row.status !== 'verified' || !certificate || !seal || !signature)
        throw new Error('The notary has no complete, verified profile to seal with.');
      const {
        privateKey,
        certificate: x509,
        chain,
      } = openP12({
        p12: await readBlob(blobStore, certificate.p12Key),
        passphrase: encryptor.decrypt(certificate.passphraseEncrypted),
      });
      const chainPems = chain.map((c) => c.toString());
      if (certificate.isPlatformIssued && chainPems.length === 0)
        chainPems.push((await getPlatformCa()).certificatePem);
      const commonName = (dn: string) => /(?:^|\n)CN=([^\n]+)/.exec(dn)?.[1] ?? dn;
      return {
        signer: { certificatePem: x509.toString(), privateKey, chainPems },
        certificate: {
          signerName: commonName(x509.subject),
          issuer: commonName(x509.issuer),
          isPlatformIssued: certificate.isPlatformIssued,
        },
        sealPng: await readBlob(blobStore, seal.key),
        sealContentType: seal.contentType,
        signaturePng: await readBlob(blobStore, signature.key),
        signatureContentType: signature.contentType,
        fullName: row.fullName ?? '',
        registrationNumber: row.registrationNumber ?? '',
        areaOfPractice: row.areaOfPractice ?? '',
        appointingGovernment: row.appointingGovernment ?? '',
        officeAddress: row.officeAddress ?? '',
      };
    },

    submit: (userId: string) => transition({ notaryId: userId, action: 'submit', actorId: userId }),
    decide: (options: {
      notaryId: string;
      action: Exclude<NotaryAction, 'submit'>;
      actorId: string;
      reason?: string;
    }) => transition(options),

    async setAvailability(options: { userId: string; availability: AvailabilityRequest }) {
      const row = await getRow(options.userId);
      const hours = options.availability.workingHours;
      if (hours && (hours.from < SERVICE_HOURS.opensAt || hours.to > SERVICE_HOURS.closesAt))
        throw notaryErrors.outsideServiceHours();
      if (options.availability.isOnline && !canTakeWork(row, todayInIndia(now())))
        throw notaryErrors.cannotTakeWork();
      await repo.updateNotary(db, options.userId, {
        isOnline: options.availability.isOnline,
        ...(hours ? { workingFrom: hours.from, workingTo: hours.to } : {}),
      });
      return toProfile(await getRow(options.userId));
    },

    async listForAdmin(options: {
      status?: NotaryStatus;
      search?: string;
      page?: number;
      pageSize?: number;
    }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 20;
      const { total, rows } = await repo.listNotaries(db, {
        status: options.status,
        search: options.search,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { notaries: rows.map(toProfile), totalPages: Math.max(1, Math.ceil(total / pageSize)), page };
    },

    getForAdmin: async (notaryId: string) => toProfile(await getRow(notaryId)),

    async directory(options: {
      search?: string;
      appointingGovernment?: string;
      language?: string;
      onlineOnly?: boolean;
      page?: number;
      pageSize?: number;
    }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 12;
      // "Online now" depends on the clock as well as the switch: the query gets the time in India.
      const { total, rows } = await repo.listDirectory(db, {
        ...options,
        onlineAt: options.onlineOnly ? clockInIndia(now()) : undefined,
        today: todayInIndia(now()),
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        notaries: rows.map(toDirectoryCard),
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
        page,
      };
    },

    async verifyRegistration(registrationNumber: string) {
      const { rows } = await repo.listDirectory(db, {
        registrationNumber,
        today: todayInIndia(now()),
        limit: 1,
        offset: 0,
      });
      return { registrationNumber, notary: rows[0] ? toDirectoryCard(rows[0]) : null };
    },

    /** For the application wizard: only a notary who may take work can be chosen; null when this one cannot. */
    async findAssignable(notaryId: string) {
      const row = await repo.findNotary(db, notaryId);
      if (!row || !canTakeWork(row, todayInIndia(now()))) return null;
      return toDirectoryCard(row);
    },

    /** The public card of a notary an application names, and whether they can still take it. */
    async getApplicationNotary(notaryId: string, tx: DbOrTx = db) {
      // Inside the caller's transaction when given one: PGlite has one connection, so a second would wait forever.
      const row = await repo.findNotary(tx, notaryId);
      if (!row) return null;
      return { card: toDirectoryCard(row), canTakeWork: canTakeWork(row, todayInIndia(now())) };
    },

    documentKinds: NOTARY_DOCUMENT_KINDS,
  };
}
