import { createHash } from 'node:crypto';
import type { VerificationDetails, VerifyResult } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { findApplication, listSignatories } from '../applications/applications.service.ts';
import { findNotaryProfile } from '../notaries/notaries.service.ts';
import * as repo from './sealing.repository.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** "Asha Verma" → "Asha V.": enough to recognise, not enough to profile. */
const shortName = (fullName: string) => {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : first;
};

export type VerifyService = ReturnType<typeof createVerifyService>;

/**
 * Public verification: a file is "genuine" when its SHA-256 is a sealed document's, "changed" when it carries the
 * signature of one of our sealed documents but its bytes differ, else "unknown". The PDF's own signature is checked
 * too and reported. Nothing of an uploaded file is stored.
 */
export function createVerifyService(deps: { db: Database }) {
  const { db } = deps;

  async function details(seal: repo.SealRow): Promise<VerificationDetails | null> {
    const application = await findApplication(db, seal.applicationId);
    const notary = await findNotaryProfile(db, seal.notaryId);
    if (!application || !notary || !seal.sealedSha256) return null;
    const signatories = await listSignatories(db, application.id);
    return {
      code: seal.verificationCode,
      notaryName: notary.fullName ?? '',
      registrationNumber: notary.registrationNumber ?? '',
      notarisedAt: (seal.finishedAt ?? seal.startedAt).toISOString(),
      notarialAct: application.notarialAct,
      documentType: application.documentType,
      signatories: signatories.map((s) => shortName(s.fullName)),
      sealedSha256: seal.sealedSha256,
    };
  }

  const sealWhere = (column: 'sealedSha256' | 'signatureSha256' | 'verificationCode', value: string) =>
    repo.findDoneBy(db, { column, value });

  return {
    async verifyFile(bytes: Buffer): Promise<VerifyResult> {
      // pkijs loads with the first file checked, not with the server (issue 20's memory goal).
      const { findLastSignature, inspectPdfSignature } = await import('./pades-verify.ts');
      const inspection = inspectPdfSignature(bytes);
      const signature = inspection.signed
        ? {
            signatureValid: inspection.signatureValid,
            digestMatches: inspection.digestMatches,
            coversWholeFile: inspection.coversWholeFile,
            signerSubject: inspection.signerSubject,
            signerIssuer: inspection.signerIssuer,
            signedAt: inspection.signedAt,
          }
        : null;
      const exact = await sealWhere('sealedSha256', sha256(bytes));
      if (exact) return { result: 'genuine', details: await details(exact), signature };
      const located = findLastSignature(bytes);
      const ours = located ? await sealWhere('signatureSha256', sha256(located.contents)) : null;
      if (ours) return { result: 'changed', details: await details(ours), signature };
      return { result: 'unknown', details: null, signature };
    },

    async byCode(code: string) {
      const seal = await sealWhere('verificationCode', code);
      return seal ? details(seal) : null;
    },
  };
}
