import { z } from 'zod/mini';

/** The one error body every API failure uses. */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  details: z.optional(z.unknown()),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const fieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssue>;

/** Stable dotted codes; the web app maps them to text in one place. */
export const ERROR_CODES = {
  requestInvalid: 'request.invalid',
  rateLimited: 'request.rate_limited',
  routeNotFound: 'route.not_found',
  internal: 'internal.error',
  unavailable: 'service.unavailable',
  blogNotFound: 'blog.not_found',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Account and session codes (issue 3). */
export const AUTH_ERROR_CODES = {
  invalidCredentials: 'auth.invalid_credentials',
  emailUnverified: 'auth.email_unverified',
  unauthenticated: 'auth.unauthenticated',
  forbidden: 'auth.forbidden',
  mfaSetupRequired: 'auth.mfa_setup_required',
  mfaInvalidCode: 'auth.mfa_invalid_code',
  mfaNotPending: 'auth.mfa_not_pending',
  mfaAlreadyEnabled: 'auth.mfa_already_enabled',
  mfaNotEnabled: 'auth.mfa_not_enabled',
  tokenInvalid: 'auth.token_invalid',
  passwordWeak: 'auth.password_weak',
  passwordWrong: 'auth.password_wrong',
  accountDisabled: 'auth.account_disabled',
  sessionNotFound: 'auth.session_not_found',
} as const;

/** Notary onboarding and verification codes (issue 4). */
export const NOTARY_ERROR_CODES = {
  notFound: 'notaries.not_found',
  illegalTransition: 'notaries.illegal_transition',
  incomplete: 'notaries.incomplete',
  locked: 'notaries.locked',
  registrationTaken: 'notaries.registration_taken',
  fileInvalid: 'notaries.file_invalid',
  certificateInvalid: 'notaries.certificate_invalid',
  outsideServiceHours: 'notaries.outside_service_hours',
  cannotTakeWork: 'notaries.cannot_take_work',
} as const;

/** Applications (issue 5). */
export const APPLICATION_ERROR_CODES = {
  notFound: 'applications.not_found',
  illegalTransition: 'applications.illegal_transition',
  incomplete: 'applications.incomplete',
  notEditable: 'applications.not_editable',
  documentInvalid: 'applications.document_invalid',
  signatoriesInvalid: 'applications.signatories_invalid',
  notaryUnavailable: 'applications.notary_unavailable',
  acknowledgementRequired: 'applications.acknowledgement_required',
} as const;

/** Payments, wallet, refunds (issue 6). */
export const PAYMENT_ERROR_CODES = {
  notPayable: 'payments.not_payable',
  walletBalanceChanged: 'payments.wallet_balance_changed',
  walletExceedsFee: 'payments.wallet_exceeds_fee',
  orderNotFound: 'payments.order_not_found',
  signatureInvalid: 'payments.signature_invalid',
  idempotencyKeyReused: 'payments.idempotency_key_reused',
  gatewayUnavailable: 'payments.gateway_unavailable',
  refundNotAllowed: 'payments.refund_not_allowed',
  refundNotFound: 'payments.refund_not_found',
  refundDecided: 'payments.refund_decided',
  receiptNotFound: 'payments.receipt_not_found',
} as const;

/** The signatory portal and its personal links (issue 7). */
export const PORTAL_ERROR_CODES = {
  linkInvalid: 'portal.link_invalid',
  linkExpired: 'portal.link_expired',
  linkReplaced: 'portal.link_replaced',
  applicationClosed: 'portal.application_closed',
  invitationNotAllowed: 'portal.invitation_not_allowed',
} as const;

/** The portal's steps: the e-mailed code and consent (issue 7). */
export const PORTAL_STEP_ERROR_CODES = {
  codeWrong: 'portal.code_wrong',
  codeExpired: 'portal.code_expired',
  codeLocked: 'portal.code_locked',
  codeTooSoon: 'portal.code_too_soon',
  stepOutOfOrder: 'portal.step_out_of_order',
  consentOutdated: 'portal.consent_outdated',
} as const;

/** Identity images (issue 7). */
export const IDENTITY_ERROR_CODES = {
  fileInvalid: 'identity.file_invalid',
  fileTooLarge: 'identity.file_too_large',
  notYet: 'identity.not_yet',
  incomplete: 'identity.incomplete',
  notFound: 'identity.not_found',
  reasonRequired: 'identity.reason_required',
} as const;

export const NOTIFICATION_ERROR_CODES = {
  notFound: 'notifications.not_found',
} as const;

export const SESSION_ERROR_CODES = {
  notReady: 'sessions.not_ready',
  outsideHours: 'sessions.outside_hours',
  openNow: 'sessions.open_now',
  recordingRequired: 'sessions.recording_required',
  requestGone: 'sessions.request_gone',
  notFound: 'sessions.not_found',
  cannotTakeWork: 'sessions.cannot_take_work',
} as const;

export const SIGNING_ERROR_CODES = {
  notLive: 'signing.not_live',
  outOfTurn: 'signing.out_of_turn',
  notConfirmed: 'signing.identity_not_confirmed',
  alreadySigned: 'signing.already_signed',
  invalidImage: 'signing.invalid_image',
  invalidOrder: 'signing.invalid_order',
  invalidPlacement: 'signing.invalid_placement',
  placesLocked: 'signing.places_locked',
} as const;

export const RECORDING_ERROR_CODES = {
  notFound: 'recordings.not_found',
  chunkConflict: 'recordings.chunk_conflict',
  chunksMissing: 'recordings.chunks_missing',
  invalid: 'recordings.invalid',
} as const;
