import { z } from 'zod/mini';

/**
 * Signing in the live session (issue 10): each signatory in turn, after the notary confirmed their identity, with a
 * drawn, typed or uploaded signature and the declaration below.
 */
export const SIGNATURE_METHODS = ['drawn', 'typed', 'uploaded'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/** What a signatory accepts before their signature is applied (kept with it, word for word). */
export const SIGNING_DECLARATION = 'I sign this document knowingly and voluntarily';

/** Multipart fields of POST /access/:token/signature, in this order: the text fields, then the image. */
export const SIGNATURE_UPLOAD_FIELDS = ['method', 'declaration', 'file'] as const;
export const signatureFields = z.strictObject({
  method: z.enum(SIGNATURE_METHODS, { message: 'Choose how you sign: drawn, typed or uploaded' }),
  declaration: z.literal(SIGNING_DECLARATION, { message: 'Accept the declaration to sign' }),
});

/** A signature image: PNG or JPEG, at most this size, at most 2000 × 1000 pixels. */
export const SIGNATURE_IMAGE_MAX_BYTES = 1_000_000;

/** Where a signature goes: PDF points, origin at the bottom left of the page, pages counted from 0. */
export const signaturePlacement = z.strictObject({
  page: z.number().check(z.int(), z.minimum(0), z.maximum(10_000)),
  x: z.number().check(z.minimum(0), z.maximum(20_000)),
  y: z.number().check(z.minimum(0), z.maximum(20_000)),
  width: z.number().check(z.minimum(20), z.maximum(2_000)),
  height: z.number().check(z.minimum(10), z.maximum(1_000)),
});
export type SignaturePlacement = z.infer<typeof signaturePlacement>;

export const signingStateResponse = z.object({
  /** The document as it stands now (after the signatures so far). */
  version: z.number(),
  documentSha256: z.string(),
  order: z.array(
    z.object({
      signatoryId: z.string(),
      name: z.string(),
      /** 1-based place in the signing order. */
      turn: z.number(),
      isConfirmed: z.boolean(),
      isCurrent: z.boolean(),
      signedAt: z.nullable(z.string()),
    }),
  ),
  allSigned: z.boolean(),
});
export type SigningState = z.infer<typeof signingStateResponse>;

/** The notary reorders who signs when (only those who have not signed yet move). */
export const signingOrderRequest = z.strictObject({
  signatoryIds: z.array(z.string().check(z.maxLength(100))).check(z.minLength(1), z.maxLength(6)),
});
