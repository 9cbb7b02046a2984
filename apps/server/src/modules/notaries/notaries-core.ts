import {
  type DirectoryNotary,
  type NotaryDocumentKind,
  type NotaryProfile,
  type NotaryStatus,
  SERVICE_HOURS,
  todayInIndia,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Encryptor } from '../../platform/crypto.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { notaryErrors } from './notaries.errors.ts';
import type { NotaryRow, NotaryWithEmail } from './notaries.repository.ts';
import * as repo from './notaries.repository.ts';
import { canTakeWork, clockInIndia, missingSteps } from './notary-rules.ts';
import { parseSealLayout } from './seal.ts';

export type NotariesDeps = {
  db: Database;
  blobStore: BlobStore;
  mailer: Mailer;
  config: AppConfig;
  encryptor: Encryptor;
  encryptionKey: Buffer;
  /** ENCRYPTION_KEY_PREVIOUS during a rotation (the stored platform CA may still be wrapped with it). */
  encryptionKeyPrevious?: Buffer;
  /** Optional for the command-line tools, which notify nobody. */
  notificationsService?: NotificationsService;
  now?: () => Date;
};

/** What every notaries use case shares: the dependencies, the clock, the profile and directory views. */
export type NotariesCore = ReturnType<typeof createNotariesCore>;

export function createNotariesCore(deps: NotariesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

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

  return { ...deps, now, toProfile, toDirectoryCard, getRow };
}
