import {
  IDENTITY_DOCUMENT_KINDS,
  type IdentityDocumentKind,
  QR_OUTCOMES,
  type QrOutcome,
  type SessionParticipant,
} from '@mohar/contracts';

/*
 * Translation keys (namespace `call-panels`) for what the notary reads about each signatory's identity. Pure, so the
 * mapping from the server's words to sentences is tested without a browser.
 */

const isQrOutcome = (value: string): value is QrOutcome => (QR_OUTCOMES as readonly string[]).includes(value);

/**
 * The sentence for the Secure QR's result. `null` (no QR result: the back of the card was not sent, or not read yet)
 * and a value this app does not know both leave the card to the notary, in their own words.
 */
export function qrOutcomeKey(outcome: string | null): string {
  if (outcome === null) return 'identity.qr.none';
  return isQrOutcome(outcome) ? `identity.qr.${outcome}` : 'identity.qr.unknown';
}

/** Only `verified` was checked by Mohar end to end; everything else is for the notary's judgement. */
export const isQrVerified = (outcome: string | null) => outcome === 'verified';

/** The status badge: not decided yet, confirmed, or not confirmed. */
export function decisionKey(identity: SessionParticipant['identity']): string {
  if (!identity) return 'identity.status.pending';
  return identity.decision === 'confirmed' ? 'identity.status.confirmed' : 'identity.status.not_confirmed';
}

const MISMATCH_FIELDS = ['name', 'date_of_birth'] as const;

/** Which details differ between the QR and the application, once each, in a fixed order; unknown ones as "other". */
export function mismatchKeys(mismatches: readonly string[]): string[] {
  const known = MISMATCH_FIELDS.filter((field) => mismatches.includes(field)).map(
    (field) => `identity.mismatch.${field}`,
  );
  const hasOther = mismatches.some((field) => !(MISMATCH_FIELDS as readonly string[]).includes(field));
  return hasOther ? [...known, 'identity.mismatch.other'] : known;
}

// The server only ever sends the last 4 digits; anything else is not shown, so a full number can never appear here.
const MASKED_AADHAAR = /^XXXX XXXX \d{4}$/;

/** The masked Aadhaar number as given (`XXXX XXXX 1234`), or null when it is missing or in any other form. */
export const maskedAadhaar = (value: string | null) => (value && MASKED_AADHAAR.test(value) ? value : null);

/** The three identity images in the order the notary compares them, with whether each was sent. */
export function identityDocuments(documents: readonly string[]): Array<{
  kind: IdentityDocumentKind;
  isSent: boolean;
}> {
  return IDENTITY_DOCUMENT_KINDS.map((kind) => ({ kind, isSent: documents.includes(kind) }));
}

/** The caption and the alt text's description of each image. */
export const documentKey = (kind: IdentityDocumentKind) => `identity.document.${kind}`;

/** The short caption under each thumbnail. */
export const captionKey = (kind: IdentityDocumentKind) => `identity.caption.${kind}`;
