import type { NotaryDocumentKind } from '@mohar/contracts';
import { asc, eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import * as notariesRepo from '../../modules/notaries/notaries.repository.ts';
import { type BuildContext, settle } from './context.ts';
import { minimalPdf, samplePng } from './files.ts';
import { type BuildUserOptions, type BuiltUser, buildAdmin, insertUser } from './users.ts';

export type NotaryDetails = {
  fullName: string;
  registrationNumber: string;
  appointingGovernment: string;
  areaOfPractice: string;
  commissionExpiresOn: string;
  officeAddress: string;
  languages: string[];
};

/** A Delhi notary's onboarding details (what the notary tests type in). */
export const NOTARY_DETAILS: Omit<NotaryDetails, 'registrationNumber'> = {
  fullName: 'Ravi Shankar Iyer',
  appointingGovernment: 'Delhi',
  areaOfPractice: 'New Delhi District',
  commissionExpiresOn: '2030-12-31',
  officeAddress: 'Chamber 12, Patiala House Courts, New Delhi 110001',
  languages: ['English', 'Hindi'],
};

let registrationCounter = 0;
/** Registration numbers are unique on the platform (case-insensitive). */
export function uniqueRegistrationNumber(): string {
  registrationCounter += 1;
  return `DL/2019/${process.pid % 1000}${registrationCounter}${Date.now() % 100000}`;
}

export type BuildNotaryOptions = Omit<BuildUserOptions, 'role'> & {
  details?: Partial<NotaryDetails>;
  /**
   * Default `verified` (submitted and approved: takes work). `pending`: submitted, waiting for an admin. `draft`:
   * every onboarding step done, not yet submitted.
   */
  status?: 'draft' | 'pending' | 'verified';
  /** The admin who approves (in the status history). Default: the first admin account (one is built if none). */
  approvedBy?: { id: string };
  /**
   * `placeholder` (default): a stored certificate record with no key behind it, enough for everything but sealing.
   * `platform`: a real certificate issued by the platform CA (slower: sealing tests need it).
   */
  certificate?: 'placeholder' | 'platform';
  /** Switched online (offered "first available" requests). Default false. */
  online?: boolean;
};

export type BuiltNotary = BuiltUser & { fullName: string; registrationNumber: string };

/** A stored certificate record with no key behind it, as createCompleteNotary has always written. */
const placeholderCertificate = (subjectCommonName: string) => ({
  p12Key: 'test/00/00000000-0000-0000-0000-000000000000',
  passphraseEncrypted: 'test',
  subjectCommonName,
  notAfter: '2031-01-01T00:00:00.000Z',
  fingerprintSha256: 'ab'.repeat(32),
  isPlatformIssued: true,
  certificatePem: '',
});

/** The first admin account there is, or a new one: approving notaries needs one, and tests count admins' mail. */
async function anyAdmin(ctx: BuildContext): Promise<{ id: string }> {
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin ?? buildAdmin(ctx);
}

/**
 * A notary with every onboarding step done — details, certificate of practice, photo, signature specimen, seal, a
 * signing certificate — written directly (the uploads have their own tests); then submitted and approved through the
 * notaries service, so the status history, the decision mails and the notification are the real ones.
 */
export async function buildNotary(ctx: BuildContext, options: BuildNotaryOptions = {}): Promise<BuiltNotary> {
  const { notariesService } = ctx.services;
  const details: NotaryDetails = {
    ...NOTARY_DETAILS,
    registrationNumber: uniqueRegistrationNumber(),
    ...options.details,
  };
  const png = await samplePng();
  const files: Record<NotaryDocumentKind, { bytes: Buffer; contentType: string }> = {
    certificate: { bytes: minimalPdf(), contentType: 'application/pdf' },
    photo: { bytes: png, contentType: 'image/png' },
    signature: { bytes: png, contentType: 'image/png' },
    seal: { bytes: png, contentType: 'image/png' },
  };
  const uploadedAt = new Date().toISOString();
  const documents: Partial<
    Record<NotaryDocumentKind, { key: string; contentType: string; size: number; uploadedAt: string }>
  > = {};
  for (const [kind, file] of Object.entries(files) as Array<
    [NotaryDocumentKind, (typeof files)[NotaryDocumentKind]]
  >) {
    const { key, size } = await ctx.blobStore.put({ body: file.bytes, prefix: `notary-${kind}` });
    documents[kind] = { key, contentType: file.contentType, size, uploadedAt };
  }
  const user = await ctx.db.transaction(async (tx) => {
    const account = await insertUser(ctx, tx, { name: details.fullName, ...options, role: 'notary' });
    await notariesRepo.ensureNotaryRow(tx, account.id);
    await notariesRepo.updateNotary(tx, account.id, {
      ...details,
      documents,
      signingCertificate:
        options.certificate === 'platform' ? null : placeholderCertificate(details.fullName),
    });
    return account;
  });
  if (options.certificate === 'platform') await notariesService.issuePlatformCertificate(user.id);
  const status = options.status ?? 'verified';
  if (status !== 'draft') await notariesService.submit(user.id);
  if (status === 'verified') {
    const approver = options.approvedBy ?? (await anyAdmin(ctx));
    await notariesService.decide({ notaryId: user.id, action: 'approve', actorId: approver.id });
    if (options.online)
      await notariesService.setAvailability({ userId: user.id, availability: { isOnline: true } });
  }
  await settle(ctx);
  return { ...user, fullName: details.fullName, registrationNumber: details.registrationNumber };
}
