import { z } from 'zod/mini';
import { pageQuery } from './notaries.ts';

/**
 * People's rights over their data (issue 26; Digital Personal Data Protection Act 2023; spec §4: consent is withdrawn
 * with 30 days' written notice, after which the account is deactivated).
 */

export const CONSENT_KINDS = ['terms', 'privacy_notice', 'identity_processing', 'marketing'] as const;
export const consentKind = z.enum(CONSENT_KINDS);
export type ConsentKind = z.infer<typeof consentKind>;
export const CONSENT_DECISIONS = ['given', 'declined', 'withdrawn'] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

export const consentRecord = z.object({
  _id: z.string(),
  kind: consentKind,
  version: z.string(),
  decision: z.enum(CONSENT_DECISIONS),
  applicationId: z.nullable(z.string()),
  ipAddress: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecord>;

export const DATA_REQUEST_KINDS = ['withdrawal', 'erasure'] as const;
export const dataRequestKind = z.enum(DATA_REQUEST_KINDS);
export type DataRequestKind = z.infer<typeof dataRequestKind>;
export const DATA_REQUEST_STATUSES = ['pending', 'cancelled', 'completed', 'failed'] as const;
export const dataRequestStatus = z.enum(DATA_REQUEST_STATUSES);
export type DataRequestStatus = z.infer<typeof dataRequestStatus>;

/** What stayed under legal hold when a request was carried out, and why (the law that requires it). */
export const LEGAL_HOLDS = [
  'register_entries',
  'notarised_documents',
  'ledger_and_invoices',
  'recordings',
  'consent_records',
] as const;
export type LegalHold = (typeof LEGAL_HOLDS)[number];

export const dataRequest = z.object({
  _id: z.string(),
  kind: dataRequestKind,
  status: dataRequestStatus,
  text: z.string(),
  requestedAt: z.string(),
  effectiveAt: z.string(),
  cancelledAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
});
export type DataRequest = z.infer<typeof dataRequest>;

/** GET /privacy/me: what the signed-in person's screens need (the re-consent dialog, the banner, the profile). */
export const privacyStatusResponse = z.object({
  privacyNotice: z.object({
    version: z.string(),
    acceptedVersion: z.nullable(z.string()),
    mustAccept: z.boolean(),
  }),
  /** A withdrawal or erasure waiting for its date (or for an admin), or null. */
  pending: z.nullable(dataRequest),
  consents: z.array(consentRecord),
});
export type PrivacyStatusResponse = z.infer<typeof privacyStatusResponse>;

export const acceptPrivacyNoticeRequest = z.strictObject({ version: z.string().check(z.maxLength(40)) });
export type AcceptPrivacyNoticeRequest = z.infer<typeof acceptPrivacyNoticeRequest>;

/** The written notice (withdrawal) or request (erasure): kept as written. */
export const dataRequestBody = z.strictObject({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'Write at least a sentence (10 characters)'),
      z.maxLength(2000, 'Keep it under 2000 characters'),
    ),
});
export type DataRequestBody = z.input<typeof dataRequestBody>;

export const dataRequestResponse = z.object({ message: z.string(), request: dataRequest });

/** GET /admin/data-requests: pending first, then the latest carried out, with what was kept and why. */
export const adminDataRequestsQuery = z.strictObject({
  status: z.optional(dataRequestStatus),
  ...pageQuery,
});
export type AdminDataRequestsQuery = z.infer<typeof adminDataRequestsQuery>;

export const adminDataRequest = z.object({
  ...dataRequest.shape,
  userId: z.string(),
  /** The account's name and e-mail now (pseudonymised once carried out). */
  name: z.string(),
  email: z.string(),
  kept: z.array(z.object({ record: z.enum(LEGAL_HOLDS), count: z.number(), reason: z.string() })),
  erased: z.array(z.object({ record: z.string(), count: z.number() })),
  failure: z.nullable(z.string()),
});
export type AdminDataRequest = z.infer<typeof adminDataRequest>;

export const adminDataRequestsResponse = z.object({
  requests: z.array(adminDataRequest),
  page: z.number(),
  totalPages: z.number(),
});
export type AdminDataRequestsResponse = z.infer<typeof adminDataRequestsResponse>;

/** POST /admin/data-requests/:id/carry-out. */
export const carryOutDataRequestResponse = z.object({ request: adminDataRequest, message: z.string() });

/** "Download my data": the archive's link works this many days, then the archive is deleted. */
export const DATA_EXPORT_DAYS = 7;
export const DATA_EXPORT_STATUSES = ['preparing', 'ready', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExport = z.object({
  _id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.nullable(z.string()),
  /** Until when the download works (ready), or when it stopped (expired). */
  expiresAt: z.nullable(z.string()),
  sizeBytes: z.nullable(z.number()),
});
export type DataExport = z.infer<typeof dataExport>;

/** GET /privacy/export: the person's latest export, or null. */
export const dataExportStatusResponse = z.object({ export: z.nullable(dataExport) });
export type DataExportStatusResponse = z.infer<typeof dataExportStatusResponse>;

/** POST /privacy/export. */
export const dataExportResponse = z.object({ export: dataExport, message: z.string() });
export type DataExportResponse = z.infer<typeof dataExportResponse>;

/** Retention you can prove (issue 26): the admin view's window, in days back from today (IST). */
export const retentionReportQuery = z.strictObject({
  days: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(120))),
});
export type RetentionReportQuery = z.infer<typeof retentionReportQuery>;

/** `server_recording`: the server recorder's parts of one session (its record id is the application's, decision 0085). */
export const RETENTION_FAILURE_KINDS = ['identity_file', 'recording', 'server_recording'] as const;
export type RetentionFailureKind = (typeof RETENTION_FAILURE_KINDS)[number];

export const retentionDay = z.object({
  /** YYYY-MM-DD in IST. */
  date: z.string(),
  identityCaptured: z.number(),
  /** Identity images deleted by the 90-day purge that day (superseded uploads are not counted). */
  identityPurged: z.number(),
  /**
   * Recordings whose retention ended that day, and those whose files were deleted that day: the notary's browser
   * recordings (before decision 0081) and the server's (one per session, all its parts; decision 0085) together.
   */
  recordingsDue: z.number(),
  recordingsPurged: z.number(),
  failures: z.number(),
});
export type RetentionDay = z.infer<typeof retentionDay>;

export const retentionFailure = z.object({
  _id: z.string(),
  kind: z.enum(RETENTION_FAILURE_KINDS),
  recordId: z.string(),
  error: z.string(),
  createdAt: z.string(),
});
export type RetentionFailure = z.infer<typeof retentionFailure>;

/** GET /admin/retention: newest day first, and the latest failed purges. */
export const retentionReportResponse = z.object({
  days: z.array(retentionDay),
  failures: z.array(retentionFailure),
});
export type RetentionReportResponse = z.infer<typeof retentionReportResponse>;
