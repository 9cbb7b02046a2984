/**
 * Every error code the API sends, in one list: stable dotted codes that the server throws and the web app maps to
 * text. No schema library here (`@mohar/contracts/error-codes`), so the landing bundle can know the codes without zod.
 * A code not in this list cannot be thrown (`AppError` takes an `ErrorCode`); apps/server/src/error-codes.unit.test.ts
 * checks that every code in the server's source is listed.
 */

/** The platform's own codes: validation, limits, routing, failures on our side. */
export const ERROR_CODES = {
  requestInvalid: 'request.invalid',
  rateLimited: 'request.rate_limited',
  crossSite: 'request.cross_site',
  /** Fastify's own refusals of a request's shape (see platform/error-handler.ts). */
  tooLarge: 'request.too_large',
  unsupportedMediaType: 'request.unsupported_media_type',
  badRequest: 'request.bad_request',
  routeNotFound: 'route.not_found',
  /** A path that names nothing (e.g. a malformed record id), answered like a record the caller cannot see. */
  notFound: 'request.not_found',
  internal: 'internal.error',
  /** A stored file failed its integrity check (damaged, another key, or never encrypted): nothing of it is sent. */
  storageIntegrity: 'storage.integrity_failed',
  blogNotFound: 'blog.not_found',
  /** GET /health/ready: a dependency (database, Redis, object store) does not answer; the message names it. */
  notReady: 'service.not_ready',
  /** The process received SIGTERM: it finishes what it holds and takes nothing new (try another process). */
  shuttingDown: 'service.shutting_down',
} as const;

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
  /** An admin suspended the account (issue 22): said at sign-in, only after the right password. */
  accountSuspended: 'auth.account_suspended',
  /** The account was closed at the person's request (consent withdrawn or erased, issue 26). */
  accountClosed: 'auth.account_closed',
  sessionNotFound: 'auth.session_not_found',
  /** Too many wrong passwords for one account from anywhere (issue 19): the owner is e-mailed a sign-in link. */
  accountThrottled: 'auth.account_throttled',
  /** A sensitive admin action, and the admin last proved who they are over 5 minutes ago (issue 22): ask again. */
  stepUpRequired: 'auth.step_up_required',
  /** A change of e-mail to an address another account has (issue 26). */
  emailTaken: 'auth.email_taken',
  /** A change of e-mail to the address the account already has. */
  emailSame: 'auth.email_same',
} as const;

/** Notary onboarding and verification codes (issue 4). */
export const NOTARY_ERROR_CODES = {
  notFound: 'notaries.not_found',
  illegalTransition: 'notaries.illegal_transition',
  incomplete: 'notaries.incomplete',
  locked: 'notaries.locked',
  registrationTaken: 'notaries.registration_taken',
  fileInvalid: 'notaries.file_invalid',
  /** A PDF with JavaScript, a launch action or an XFA form. */
  fileActiveContent: 'notaries.file_active_content',
  /** Bytes after a PDF's final `%%EOF` or an image's end marker: a second file riding along. */
  fileAppendedData: 'notaries.file_appended_data',
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
  /** The organisation takes only its own active in-house notaries, and the notary named is not one (decision 0091). */
  notaryNotInHouse: 'applications.notary_not_in_house',
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

/** The owner's reminder to a signatory (issue 26): refusals of the request, not of a link. */
export const PORTAL_REMINDER_ERROR_CODES = {
  reminderNotNeeded: 'portal.reminder_not_needed',
  reminderTooSoon: 'portal.reminder_too_soon',
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
  /** Turning off the e-mail of a security or legal kind (issue 26): those always go. */
  preferenceLocked: 'notifications.preference_locked',
} as const;

/** Notary requests and the live session's call channel. */
export const SESSION_ERROR_CODES = {
  notReady: 'sessions.not_ready',
  /** A signatory has not given their postal address yet (the register needs it). */
  addressMissing: 'sessions.address_missing',
  outsideHours: 'sessions.outside_hours',
  openNow: 'sessions.open_now',
  recordingRequired: 'sessions.recording_required',
  requestGone: 'sessions.request_gone',
  notFound: 'sessions.not_found',
  cannotTakeWork: 'sessions.cannot_take_work',
  /** Joining the call of a session that is not live, or not the caller's. */
  callNotFound: 'sessions.call_not_found',
  /** Booked sessions (issue 26): the notary already has a booking at that time (also when two raced for it). */
  slotTaken: 'sessions.slot_taken',
  /** The time is outside service hours, the notary's working hours, off the slot grid, or too soon / too far ahead. */
  slotUnavailable: 'sessions.slot_unavailable',
  /** Rescheduling or cancelling after the free window closed. */
  bookingLocked: 'sessions.booking_locked',
  /** The application already has a live booking, or is not ready to book. */
  bookingNotAllowed: 'sessions.booking_not_allowed',
} as const;

export const SIGNING_ERROR_CODES = {
  notFound: 'signing.not_found',
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
  /** The browser's recording routes (parts, finish, state reports) are gone: the server records (decision 0081). */
  browserRecorderRetired: 'recordings.browser_recorder_retired',
  /** A byte range outside the file (the server recording's playback, decision 0084). */
  rangeNotSatisfiable: 'recordings.range_not_satisfiable',
  /** The server recording's files were deleted at the end of its retention (decision 0085); its hashes remain. */
  purged: 'recordings.purged',
} as const;

/** Sealing the notarised document (issue 11). */
export const SEALING_ERROR_CODES = {
  /** No notarised document to download yet. */
  notFound: 'sealing.not_found',
  /** Sealing asked for a session that is not live, or not the caller's. */
  sessionNotFound: 'sealing.session_not_found',
  notReady: 'sealing.not_ready',
  recordingUnfinished: 'sealing.recording_unfinished',
  inProgress: 'sealing.in_progress',
  failed: 'sealing.failed',
  /** An admin's retry of a seal that never started (no attempt to retry). */
  noSeal: 'sealing.no_seal',
} as const;

/** Input the sealing renderers cannot draw: a box off the page, bytes that are not an image, bad data. */
export const SEALING_RENDER_ERROR_CODES = {
  placementInvalid: 'sealing.placement_invalid',
  imageInvalid: 'sealing.image_invalid',
  dataInvalid: 'sealing.data_invalid',
} as const;

/** The public check of a notarised document (issue 11). */
export const VERIFY_ERROR_CODES = {
  invalid: 'verify.invalid',
  notFound: 'verify.not_found',
} as const;

/** The operations console (issue 22). */
export const ADMIN_ERROR_CODES = {
  clientNotFound: 'admin.client_not_found',
  /** Resending verification to an account whose e-mail is already verified. */
  alreadyVerified: 'admin.already_verified',
  /** Suspending a suspended account, or reactivating an active one. */
  suspensionUnchanged: 'admin.suspension_unchanged',
  /** Resetting two-step verification of a client who has none. */
  mfaNotEnabled: 'admin.mfa_not_enabled',
  /** A wallet debit larger than the balance. */
  walletWouldGoNegative: 'admin.wallet_would_go_negative',
  adminNotFound: 'admin.admin_not_found',
  /** Inviting an address that already has an account (a client, a notary, or a current admin). */
  emailTaken: 'admin.email_taken',
  /** A change that would leave Mohar with no owner. */
  lastOwner: 'admin.last_owner',
} as const;

/** The support inbox and the newsletter (issue 22). */
export const SUPPORT_ERROR_CODES = {
  ticketNotFound: 'support.ticket_not_found',
  /** A move the ticket's status does not allow (back to `new`, a reply to a closed ticket…). */
  illegalTransition: 'support.illegal_transition',
  /** A reply to a closed ticket (reopen it first). */
  ticketClosed: 'support.ticket_closed',
  /** A signed-in user's ticket naming an application that is not theirs. */
  applicationNotFound: 'support.application_not_found',
  /** A reply link that is unknown or expired. */
  replyLinkInvalid: 'support.reply_link_invalid',
  /** Assigning a ticket to someone who is not an active support admin. */
  assigneeInvalid: 'support.assignee_invalid',
  newsletterLinkInvalid: 'newsletter.link_invalid',
} as const;

/** People's requests about their data (issue 26). */
export const PRIVACY_ERROR_CODES = {
  requestNotFound: 'privacy.request_not_found',
  /** A second withdrawal or erasure while one is pending. */
  requestPending: 'privacy.request_pending',
  /** Cancelling or carrying out a request that is no longer pending. */
  requestNotPending: 'privacy.request_not_pending',
  /** Accepting a privacy notice version that is not the current one (an old page). */
  noticeOutdated: 'privacy.notice_outdated',
  /** A second "Download my data" while one is being prepared. */
  exportPending: 'privacy.export_pending',
  /** An export that is not the caller's, not ready, or past its 7 days. */
  exportNotFound: 'privacy.export_not_found',
} as const;

/** The blog editor (issue 22). */
export const BLOG_ERROR_CODES = {
  categoryNotFound: 'blog.category_not_found',
  /** A category of that name exists already (names are compared trimmed, case-insensitively). */
  categoryExists: 'blog.category_exists',
  /** Deleting a category that still has articles: move or delete them first. */
  categoryNotEmpty: 'blog.category_not_empty',
  /** Another article has that slug. */
  slugTaken: 'blog.slug_taken',
  /** An article image that is not a JPEG or PNG we can read. */
  imageInvalid: 'blog.image_invalid',
} as const;

/** Ratings of completed sessions (issue 22, decision 0065). */
export const RATING_ERROR_CODES = {
  /** The application is not notarised (yet, or it ended another way): there is no completed session to rate. */
  notCompleted: 'ratings.not_completed',
  /** The session has been rated already; a rating is not changed afterwards. */
  alreadyRated: 'ratings.already_rated',
} as const;

/** Business accounts (issue 25): organisations, members and invitations. */
export const ORGANISATION_ERROR_CODES = {
  notFound: 'organisations.not_found',
  /** The caller's role in the organisation does not allow this (a member managing members). */
  forbidden: 'organisations.forbidden',
  /** The last owner cannot leave, be removed or stop being an owner: name another owner first. */
  lastOwner: 'organisations.last_owner',
  alreadyMember: 'organisations.already_member',
  /** The invitation link is unknown, used, withdrawn or expired. */
  invitationInvalid: 'organisations.invitation_invalid',
  /** The invitation was sent to another e-mail address than the signed-in person's. */
  invitationOtherEmail: 'organisations.invitation_other_email',
  /** The acting-as header names an organisation the caller does not belong to. */
  notMember: 'organisations.not_member',
} as const;

/** Organisations' webhooks (issue 25, decision 0071). */
export const WEBHOOK_ERROR_CODES = {
  /** An endpoint or delivery of another organisation, or none. */
  notFound: 'webhooks.not_found',
  /** Not HTTPS (outside development and test), or a private or loopback address in production. */
  urlRefused: 'webhooks.url_refused',
  /** An organisation has at most this many endpoints. */
  tooMany: 'webhooks.too_many',
} as const;

/** Plans, the trial, subscriptions and invoices of organisations (issue 25, decision 0073). */
export const BILLING_ERROR_CODES = {
  planNotFound: 'billing.plan_not_found',
  invoiceNotFound: 'billing.invoice_not_found',
  /** The trial's notarisations are used up: subscribe, or pay another way. */
  trialLimit: 'billing.trial_limit',
  /** The trial's days are over. */
  trialEnded: 'billing.trial_ended',
  /** Paying from a plan before a subscription is active (pending, cancelled). */
  noActivePlan: 'billing.no_active_plan',
  alreadySubscribed: 'billing.already_subscribed',
  /** The organisation wallet holds less than the fee. */
  walletShort: 'billing.wallet_short',
  /** Only an organisation's application can be paid from its wallet or plan. */
  notOrganisationApplication: 'billing.not_organisation_application',
} as const;

/** API keys and idempotent requests (issue 25, decision 0070). */
export const API_KEY_ERROR_CODES = {
  /** The key is unknown, malformed or revoked (or its creator no longer manages the organisation). */
  keyInvalid: 'api.key_invalid',
  /** No key of this organisation with this id (or it is revoked already). */
  keyNotFound: 'api.key_not_found',
  /** The key lacks the scope this route needs. */
  scopeMissing: 'api.scope_missing',
  /** This route is for signed-in people only: it does not accept a key. */
  routeClosed: 'api.route_closed',
  /** Both a session cookie and a key were sent: one or the other. */
  mixedCredentials: 'api.mixed_credentials',
  /** An Idempotency-Key header that is empty or too long. */
  idempotencyKeyInvalid: 'idempotency.key_invalid',
  /** A key caller's POST without an Idempotency-Key header. */
  idempotencyKeyMissing: 'idempotency.key_missing',
  /** The same Idempotency-Key with a different request. */
  idempotencyKeyReused: 'idempotency.key_reused',
  /** The first request with this Idempotency-Key is still running. */
  idempotencyInProgress: 'idempotency.in_progress',
} as const;

/** Bulk creation of an organisation's drafts from a PDF and a CSV (issue 25, decision 0074). */
export const BULK_ERROR_CODES = {
  /** Another organisation's import, or none. */
  notFound: 'bulk.not_found',
  /** One or more rows are wrong: `details.issues` names each row, column and reason; nothing was created. */
  rowsInvalid: 'bulk.rows_invalid',
  /** The upload lacks the PDF or the CSV, or the CSV is over its size. */
  filesMissing: 'bulk.files_missing',
} as const;

/** An organisation's in-house notaries (issue 25, decision 0074). */
export const IN_HOUSE_NOTARY_ERROR_CODES = {
  /** A link (or its invitation) of another organisation or notary, or none. */
  notFound: 'organisations.notary_not_found',
  /** Only a verified notary who may take work can be invited. */
  notaryUnavailable: 'organisations.notary_unavailable',
  alreadyLinked: 'organisations.notary_already_linked',
  /** The organisation takes its own notaries only, and none has accepted yet. */
  noneLinked: 'organisations.no_notary_linked',
} as const;

const GROUPS = [
  API_KEY_ERROR_CODES,
  BULK_ERROR_CODES,
  IN_HOUSE_NOTARY_ERROR_CODES,
  ORGANISATION_ERROR_CODES,
  WEBHOOK_ERROR_CODES,
  BILLING_ERROR_CODES,
  BLOG_ERROR_CODES,
  RATING_ERROR_CODES,
  ERROR_CODES,
  AUTH_ERROR_CODES,
  NOTARY_ERROR_CODES,
  APPLICATION_ERROR_CODES,
  PAYMENT_ERROR_CODES,
  PORTAL_ERROR_CODES,
  PORTAL_REMINDER_ERROR_CODES,
  PORTAL_STEP_ERROR_CODES,
  IDENTITY_ERROR_CODES,
  NOTIFICATION_ERROR_CODES,
  SESSION_ERROR_CODES,
  SIGNING_ERROR_CODES,
  RECORDING_ERROR_CODES,
  SEALING_ERROR_CODES,
  SEALING_RENDER_ERROR_CODES,
  VERIFY_ERROR_CODES,
  ADMIN_ERROR_CODES,
  SUPPORT_ERROR_CODES,
  PRIVACY_ERROR_CODES,
] as const;

type CodesOf<G> = G extends Record<string, infer C> ? C : never;
/** Any code the API may send in `{ message, code }`. */
export type ErrorCode = CodesOf<(typeof GROUPS)[number]>;

/** The whole list, flat. */
export const ALL_ERROR_CODES: readonly ErrorCode[] = GROUPS.flatMap((group) => Object.values(group));
