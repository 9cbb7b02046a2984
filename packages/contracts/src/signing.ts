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

/**
 * Signature places (issue 10): the owner places each signatory's boxes on the preview in the wizard (before the
 * session), the notary may adjust them until the first signature. A signatory without a box signs in the default
 * block (under the last page's content, or on an appended "Signatures" page). Boxes lie inside one page of the
 * uploaded document, on a page that is not turned.
 */
export const MAX_PLACEMENTS_PER_SIGNATORY = 10;
export const placedSignature = z.strictObject({
  signatoryId: z.string().check(z.maxLength(100)),
  page: signaturePlacement.shape.page,
  x: signaturePlacement.shape.x,
  y: signaturePlacement.shape.y,
  width: signaturePlacement.shape.width,
  height: signaturePlacement.shape.height,
});
export type PlacedSignature = z.infer<typeof placedSignature>;

/** PUT /applications/:id/signature-places (owner) and PUT /sessions/:id/signature-places (notary). */
export const signaturePlacesRequest = z.strictObject({
  placements: z.array(placedSignature).check(z.maxLength(6 * MAX_PLACEMENTS_PER_SIGNATORY)),
  /** Each signatory also initials every page of the document (a small copy of their signature in the margin). */
  initialsOnEveryPage: z.boolean(),
});
export type SignaturePlacesRequest = z.infer<typeof signaturePlacesRequest>;

export const signaturePlacesResponse = z.object({
  placements: z.array(
    z.object({
      signatoryId: z.string(),
      page: z.number(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
    }),
  ),
  initialsOnEveryPage: z.boolean(),
  /** Whether the caller may change them now (owner: before the session; notary: in the session until someone signed). */
  isEditable: z.boolean(),
  /** The uploaded document's pages: the visible area (crop box) in PDF points, and the page's own turn in degrees. */
  pages: z.array(
    z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), rotation: z.number() }),
  ),
  signatories: z.array(z.object({ signatoryId: z.string(), name: z.string() })),
});
export type SignaturePlaces = z.infer<typeof signaturePlacesResponse>;

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

/**
 * Where a signature shows on a page, for a screen: fractions of the page's visible area (its crop box) from its
 * top-left corner, so any screen draws it at any size without the PDF; `page` counts from 0.
 */
export const signatureMark = z.object({
  page: z.number().check(z.int(), z.minimum(0)),
  left: z.number(),
  top: z.number(),
  width: z.number(),
  height: z.number(),
});
export type SignatureMark = z.infer<typeof signatureMark>;

/**
 * The call hears `call:signed` with this: the new version, and what each screen needs to show the signature at once
 * (the image and where it goes) while it fetches and draws the stamped version, in which only `changedPages`
 * (counted from 0) differ from the version before. A reorder sends `signatoryId: null`, the same version and the
 * state, nothing else. Without `changedPages` every page may have changed.
 */
export const callSignedMessage = z.object({
  signatoryId: z.nullable(z.string()),
  version: z.number().check(z.int(), z.minimum(0)),
  /** The signing order as it now stands (the same for everyone in the call): no need to read it again. */
  state: z.optional(signingStateResponse),
  /** The signature as a `data:image/png;base64,` URL; left out when large (the stamped version shows it anyway). */
  image: z.optional(z.string()),
  marks: z.optional(z.array(signatureMark)),
  changedPages: z.optional(z.array(z.number().check(z.int(), z.minimum(0)))),
});
export type CallSignedMessage = z.infer<typeof callSignedMessage>;
/** Larger signature images are not sent through the call (a few KB is usual for a drawn or typed one). */
export const CALL_SIGNED_IMAGE_MAX_BYTES = 200_000;

/** The notary reorders who signs when (only those who have not signed yet move). */
export const signingOrderRequest = z.strictObject({
  signatoryIds: z.array(z.string().check(z.maxLength(100))).check(z.minLength(1), z.maxLength(6)),
});

/** POST /sessions/:id/seal and GET /sessions/:id/seal: where the seal stands. */
export const sealStatusResponse = z.object({
  status: z.enum(['none', 'running', 'done', 'failed']),
  verificationCode: z.nullable(z.string()),
  sealedSha256: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
});
export type SealStatus = z.infer<typeof sealStatusResponse>;

/** Public verification (`/verify`): what a notarised file is, told without storing anything of an upload. */
export const VERIFY_RESULTS = ['genuine', 'changed', 'unknown'] as const;
export const verificationDetails = z.object({
  code: z.string(),
  notaryName: z.string(),
  registrationNumber: z.string(),
  notarisedAt: z.string(),
  notarialAct: z.nullable(z.string()),
  documentType: z.nullable(z.string()),
  /** First names and initials only. */
  signatories: z.array(z.string()),
  sealedSha256: z.string(),
});
export type VerificationDetails = z.infer<typeof verificationDetails>;
export const verifyResponse = z.object({
  result: z.enum(VERIFY_RESULTS),
  details: z.nullable(verificationDetails),
  /** What the PDF's own digital signature says, checked by the server. */
  signature: z.nullable(
    z.object({
      signatureValid: z.boolean(),
      digestMatches: z.boolean(),
      coversWholeFile: z.boolean(),
      signerSubject: z.string(),
      signerIssuer: z.string(),
      signedAt: z.nullable(z.string()),
    }),
  ),
});
export type VerifyResult = z.infer<typeof verifyResponse>;
export const verifyCodeParams = z.strictObject({ code: z.string().check(z.regex(/^[A-Z0-9]{6,20}$/)) });
/** The largest PDF the public check reads (no document content is stored). */
export const VERIFY_MAX_BYTES = 50 * 1024 * 1024;
