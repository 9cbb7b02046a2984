import { z } from 'zod/mini';
import { application, applicationEvent, applicationStatus, documentType } from './applications.ts';
import { recordId } from './common.ts';
import { pageQuery } from './notaries.ts';
import { payment } from './payments.ts';
import { notarialAct } from './pricing.ts';
import { SESSION_RECORDING_STATES, sessionTimelineResponse } from './sessions.ts';

/**
 * Stuck states (issue 22), highlighted in the console's application list and filterable there. An application counts
 * as stuck once it has sat in the state longer than these, measured from its last move into that status:
 * - `waiting_for_notary` for over 30 minutes: a request lapses after 10 minutes (NOTARY_ACCEPT_MINUTES_DEFAULT) and
 *   is usually renewed at once, so half an hour without a notary means nobody is taking it;
 * - `awaiting_identity` for over 48 hours while a signatory has not submitted their identity yet: the portal reminds
 *   signatories after a day, so two days means the reminder did not work and a person should call.
 */
export const STUCK_WAITING_FOR_NOTARY_MINUTES = 30;
export const STUCK_IDENTITY_NOT_SUBMITTED_HOURS = 48;
export const STUCK_REASONS = ['waiting_for_notary', 'identity_not_submitted'] as const;
export type StuckReason = (typeof STUCK_REASONS)[number];

/** Which date the list's from–to range applies to: made, paid (payment captured) or notarised. */
export const ADMIN_APPLICATION_DATE_FIELDS = ['created', 'paid', 'notarised'] as const;
export type AdminApplicationDateField = (typeof ADMIN_APPLICATION_DATE_FIELDS)[number];

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD'));
const amountPaise = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000_000_00));

/** GET /admin/applications: every application, filtered; `from`/`to` are IST days, `to` inclusive. */
export const adminApplicationsQuery = z.strictObject({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(applicationStatus),
  /** The notary's account id: the one the request reached, else the one named. */
  notary: z.optional(recordId),
  act: z.optional(notarialAct),
  from: z.optional(day),
  to: z.optional(day),
  dateOf: z.optional(z.enum(ADMIN_APPLICATION_DATE_FIELDS)),
  /** The fee fixed at submission, in paise, inclusive (drafts have none and are left out). */
  minPaise: z.optional(amountPaise),
  maxPaise: z.optional(amountPaise),
  stuck: z.optional(z.enum(['true', 'false'])),
  ...pageQuery,
});
export type AdminApplicationsQuery = z.input<typeof adminApplicationsQuery>;

export const adminApplicationListItem = z.object({
  _id: z.string(),
  title: z.nullable(z.string()),
  documentType: z.nullable(documentType),
  notarialAct: z.nullable(notarialAct),
  status: applicationStatus,
  owner: z.object({ _id: z.string(), name: z.string() }),
  notary: z.nullable(z.object({ _id: z.string(), name: z.string() })),
  signatoryCount: z.int(),
  /** The fee fixed at submission; null for a draft. */
  totalPaise: z.nullable(z.int()),
  createdAt: z.string(),
  /** When it moved into its current status. */
  statusSince: z.string(),
  stuck: z.nullable(z.enum(STUCK_REASONS)),
});
export type AdminApplicationListItem = z.infer<typeof adminApplicationListItem>;

/** The spec's paging shape: `applications, totalPages, page`. */
export const adminApplicationsResponse = z.object({
  applications: z.array(adminApplicationListItem),
  totalPages: z.number(),
  page: z.number(),
});
export type AdminApplicationsResponse = z.infer<typeof adminApplicationsResponse>;

export const SEAL_STATUSES = ['running', 'done', 'failed'] as const;
export const sealState = z.object({
  status: z.enum(SEAL_STATUSES),
  attempts: z.int(),
  lastError: z.nullable(z.string()),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type SealState = z.infer<typeof sealState>;

export const sessionPresence = z.object({
  participant: z.string(),
  name: z.string(),
  role: z.enum(['notary', 'signatory']),
});

export const sessionRecordingState = z.object({
  state: z.enum(SESSION_RECORDING_STATES),
  chunks: z.int(),
  lastChunkAt: z.nullable(z.string()),
});

/** GET /admin/applications/:id: the application with what only the console shows beside it. */
export const adminApplicationDetailResponse = z.object({
  application,
  ownerEmail: z.string(),
  stuck: z.nullable(z.enum(STUCK_REASONS)),
  statusSince: z.string(),
  payments: z.array(payment),
  session: z.object({
    /** Who is in the call now (from the call's own joined/left record). */
    present: z.array(sessionPresence),
    recording: sessionRecordingState,
  }),
  seal: z.nullable(sealState),
  statusEvents: z.array(applicationEvent),
  sessionEvents: sessionTimelineResponse.shape.events,
});
export type AdminApplicationDetail = z.infer<typeof adminApplicationDetailResponse>;

/** One live session now: who is in, the recording, since when. */
export const liveSession = z.object({
  applicationId: z.string(),
  title: z.nullable(z.string()),
  notarialAct: z.nullable(notarialAct),
  notary: z.nullable(z.object({ _id: z.string(), name: z.string() })),
  present: z.array(sessionPresence),
  signatoryCount: z.int(),
  recording: sessionRecordingState,
  /** When the notary took it (the move into `in_session`). */
  startedAt: z.string(),
  seal: z.nullable(sealState),
});
export type LiveSession = z.infer<typeof liveSession>;
export const liveSessionsResponse = z.object({ sessions: z.array(liveSession) });

/** A seal whose last attempt failed while its session is still live: it can be tried again. */
export const failedSeal = z.object({
  applicationId: z.string(),
  title: z.nullable(z.string()),
  notary: z.nullable(z.object({ _id: z.string(), name: z.string() })),
  attempts: z.int(),
  lastError: z.nullable(z.string()),
  failedAt: z.string(),
});
export type FailedSeal = z.infer<typeof failedSeal>;
export const failedSealsResponse = z.object({ seals: z.array(failedSeal) });

/** POST /admin/seals/:id/retry: `sealed` now, `already_sealed` (nothing done), or `failed` again. */
export const SEAL_RETRY_OUTCOMES = ['sealed', 'already_sealed', 'failed'] as const;
export const sealRetryResponse = z.object({
  outcome: z.enum(SEAL_RETRY_OUTCOMES),
  message: z.string(),
  seal: z.nullable(sealState),
});
export type SealRetryResponse = z.infer<typeof sealRetryResponse>;
