import { z } from 'zod/mini';
import { recordId } from './common.ts';
import { signatoryProgress } from './portal.ts';

/** The identity images a signatory adds in the portal (issue 7). */
export const IDENTITY_DOCUMENT_KINDS = ['aadhaar_front', 'aadhaar_back', 'selfie'] as const;
export type IdentityDocumentKind = (typeof IDENTITY_DOCUMENT_KINDS)[number];

export const identityKindParams = z.strictObject({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/)),
  kind: z.enum(IDENTITY_DOCUMENT_KINDS),
});

/**
 * The Secure QR's text as the portal's camera read it live (multipart field `qrText`, before `file`, back of the card
 * only): a long decimal number. It proves nothing by itself: the server checks its UIDAI signature like any other.
 */
export const secureQrText = z.string().check(z.regex(/^\d{100,12000}$/));
export const IDENTITY_UPLOAD_FIELDS = ['file', 'qrText'] as const;

/**
 * What the Secure QR on the back of the card showed: `verified` (signed by UIDAI, and the name and date of birth agree),
 * `mismatched` (genuine, but for someone else's name or date of birth), `signature_invalid` (not signed by UIDAI),
 * `unreadable` (no Secure QR could be read). Anything but `verified` leaves the card to the notary in the call.
 */
export const QR_OUTCOMES = ['verified', 'mismatched', 'signature_invalid', 'unreadable'] as const;
export type QrOutcome = (typeof QR_OUTCOMES)[number];

export const identityStatusResponse = z.object({
  progress: signatoryProgress,
  documents: z.array(
    z.object({
      kind: z.enum(IDENTITY_DOCUMENT_KINDS),
      contentType: z.string(),
      uploadedAt: z.string(),
    }),
  ),
  qr: z.nullable(
    z.object({
      outcome: z.enum(QR_OUTCOMES),
      /** Only ever the last 4 digits: 'XXXX XXXX 1234'. */
      aadhaarMasked: z.nullable(z.string()),
      mismatches: z.array(z.enum(['name', 'date_of_birth'])),
    }),
  ),
  message: z.optional(z.string()),
});
export type IdentityStatus = z.infer<typeof identityStatusResponse>;

/** GET /applications/:id/signatories/:signatoryId/identity/:kind — the session's notary, or an admin with a reason. */
export const identityReadParams = z.strictObject({
  id: recordId,
  signatoryId: recordId,
  kind: z.enum(IDENTITY_DOCUMENT_KINDS),
});
/** What an admin types before seeing a signatory's identity images (the server asks for at least 5 characters). */
export const identityReadReason = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(5), z.maxLength(500)),
});

export const identityReadQuery = z.strictObject({
  reason: z.optional(z.string().check(z.maxLength(500))),
});
