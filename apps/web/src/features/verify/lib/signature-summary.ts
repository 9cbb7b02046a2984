import type { VerifyResult } from '@mohar/contracts';
import { displayNameOf } from './distinguished-name';

export type PdfSignature = NonNullable<VerifyResult['signature']>;

export type SignatureSummary = {
  /** The signature is mathematically sound and matches the bytes it covers. */
  isIntact: boolean;
  /** Nothing was added to the file after it was signed. */
  coversWholeFile: boolean;
  signer: string;
  issuer: string;
  signedAt: string | null;
};

/** What the PDF's own digital signature says, in the words the page uses. */
export function summariseSignature(signature: PdfSignature): SignatureSummary {
  return {
    isIntact: signature.signatureValid && signature.digestMatches,
    coversWholeFile: signature.coversWholeFile,
    signer: displayNameOf(signature.signerSubject),
    issuer: displayNameOf(signature.signerIssuer),
    signedAt: signature.signedAt,
  };
}
