import { z } from 'zod/mini';
import { ageOn } from './auth.ts';
import { emailField, indianMobileField } from './common.ts';
import { MIN_AGE_YEARS } from './constants.ts';
import { directoryNotary, NOTARY_LANGUAGES, pageQuery } from './notaries.ts';
import { notarialAct } from './pricing.ts';

/** domain.md "Application statuses"; the service's transition table is the only way between them. */
export const APPLICATION_STATUSES = [
  'draft',
  'awaiting_payment',
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
  'in_session',
  'notarised',
  'cancelled',
  'failed',
  'rejected',
] as const;
export const applicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatus>;

export const DOCUMENT_TYPES = [
  'affidavit',
  'agreement',
  'declaration',
  'undertaking',
  'rental_agreement',
  'power_of_attorney',
  'will',
  'trust_deed',
  'sale_deed',
  'negotiable_instrument',
  'other',
] as const;
export const documentType = z.enum(DOCUMENT_TYPES, { message: 'Choose a document type' });
export type DocumentType = z.infer<typeof documentType>;

/**
 * Information Technology Act 2000, First Schedule: documents the Act's electronic-record provisions do not apply to
 * (negotiable instruments other than cheques, powers of attorney, trusts, wills, contracts for sale or conveyance of
 * immovable property). E-notarisation may not be accepted for them; the client must acknowledge that.
 */
export const FIRST_SCHEDULE_DOCUMENT_TYPES: readonly DocumentType[] = [
  'power_of_attorney',
  'will',
  'trust_deed',
  'sale_deed',
  'negotiable_instrument',
];
export const isFirstScheduleType = (type: DocumentType | null | undefined): boolean =>
  !!type && FIRST_SCHEDULE_DOCUMENT_TYPES.includes(type);

export const SIGNATORY_ROLES = ['executant', 'witness'] as const;
export const signatoryRole = z.enum(SIGNATORY_ROLES, { message: 'Choose executant or witness' });
export type SignatoryRole = z.infer<typeof signatoryRole>;

export const MAX_SIGNATORIES = 6;

/** Wizard steps, in order; `missing` in a response names the step that still needs something. */
export const APPLICATION_STEPS = ['document', 'notary', 'signatories', 'details', 'review'] as const;
export const applicationStep = z.enum(APPLICATION_STEPS);
export type ApplicationStep = z.infer<typeof applicationStep>;

/** Actions the caller may take on an application in its current status (the view shows only these). */
/** 'pay': the owner may pay (awaiting payment); 'mark_failed': an admin may record a technical failure. */
export const APPLICATION_ACTIONS = [
  'edit',
  'delete',
  'submit',
  'reopen',
  'cancel',
  'pay',
  'mark_failed',
] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

const text = (label: string, max: number, min = 2) =>
  z
    .string({ message: `Enter ${label}` })
    .check(
      z.trim(),
      z.minLength(min, `Enter ${label}`),
      z.maxLength(max, `Keep ${label} under ${max} characters`),
    );

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/**
 * A signatory's date of birth: a real date. The 18+ rule depends on the day, so the server checks it with its own
 * clock (IST) when the list is saved and again on submission; forms check it with `isAdultOn(date, todayInIndia())`
 * for instant feedback.
 */
export const signatoryDateOfBirthField = z.string({ message: 'Enter the date of birth' }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth'),
  z.refine(isRealDate, 'Enter a real date'),
  z.refine((value) => value > '1900-01-01', 'Enter the date of birth'),
);

export const signatoryInput = z.strictObject({
  fullName: text('the full name', 100),
  email: emailField,
  mobile: indianMobileField,
  dateOfBirth: signatoryDateOfBirthField,
  role: signatoryRole,
});
export type SignatoryInput = z.input<typeof signatoryInput>;

/** E-mails are unique within an application (each signatory gets their own link); compared lower-cased. */
export function duplicateEmailIndexes(list: ReadonlyArray<{ email: string }>): number[] {
  const seen = new Map<string, number>();
  const duplicates: number[] = [];
  list.forEach((row, index) => {
    const key = row.email.trim().toLowerCase();
    if (seen.has(key)) duplicates.push(index);
    else seen.set(key, index);
  });
  return duplicates;
}

/** Adult on the given day in India (YYYY-MM-DD): the 18th birthday itself counts. */
export const isAdultOn = (dateOfBirth: string, today: string) => ageOn(dateOfBirth, today) >= MIN_AGE_YEARS;

export const signatoriesRequest = z
  .strictObject({
    signatories: z
      .array(signatoryInput)
      .check(
        z.minLength(1, 'Add at least one signatory'),
        z.maxLength(MAX_SIGNATORIES, `An application can have at most ${MAX_SIGNATORIES} signatories`),
      ),
  })
  .check(
    z.superRefine((value, ctx) => {
      for (const index of duplicateEmailIndexes(value.signatories)) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          path: ['signatories', index, 'email'],
          message: 'Each signatory needs their own e-mail address',
        });
      }
    }),
  );
export type SignatoriesRequest = z.input<typeof signatoriesRequest>;

/** Saving a draft: any subset; `notaryId: null` with `notaryChoice: 'first_available'` means any verified notary. */
export const applicationDraftRequest = z.strictObject({
  notaryChoice: z.optional(z.enum(['named', 'first_available'], { message: 'Choose a notary' })),
  notaryId: z.optional(z.nullable(z.uuid({ message: 'Choose a notary from the list' }))),
  documentType: z.optional(documentType),
  notarialAct: z.optional(notarialAct),
  title: z.optional(text('a title', 200, 3)),
  description: z.optional(text('a short description', 1000, 3)),
  language: z.optional(z.enum(NOTARY_LANGUAGES, { message: 'Choose the document’s language' })),
  purpose: z.optional(text('the purpose', 300, 3)),
  /** Required for First Schedule types before submitting; `false` withdraws it. */
  firstScheduleAcknowledged: z.optional(z.boolean()),
});
export type ApplicationDraftRequest = z.input<typeof applicationDraftRequest>;

export const cancelApplicationRequest = z.strictObject({
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500, 'Keep the reason under 500 characters'))),
});

/**
 * A signatory's way through the portal (issue 7): invited once the fee is paid; then the e-mailed code, consent and the
 * Aadhaar images; the Secure QR either verifies or leaves the notary to check the card in the call. 'declined': they
 * refused consent.
 */
export const SIGNATORY_PROGRESS = [
  'pending',
  'invited',
  'email_confirmed',
  'consented',
  'identity_submitted',
  'qr_verified',
  'needs_notary_review',
  'declined',
] as const;
export type SignatoryProgress = (typeof SIGNATORY_PROGRESS)[number];

/**
 * What happened to a signatory in the act (issue 19), read from the record: the notary's latest identity decision
 * (never its note, which is for the notary's eyes only) and when they signed. Both null before the session.
 */
export const signatoryAct = z.object({
  identity: z.nullable(z.enum(['confirmed', 'not_confirmed'])),
  signedAt: z.nullable(z.string()),
});
export type SignatoryAct = z.infer<typeof signatoryAct>;
export const NO_ACT: SignatoryAct = { identity: null, signedAt: null };

export const signatory = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string(),
  dateOfBirth: z.string(),
  role: signatoryRole,
  /** Progress through the portal: 'pending' until the fee is paid, then invited → … → verified or for review. */
  progress: z.enum(SIGNATORY_PROGRESS),
  act: signatoryAct,
});
export type Signatory = z.infer<typeof signatory>;

export const FEE_LINE_CODES = ['platform_fee', 'gst', 'notarial_fee', 'extra_signatories'] as const;
export const feeLine = z.object({
  code: z.enum(FEE_LINE_CODES),
  /** The server's English wording; the web words a line by its code and `params` (a fee fixed before them has none). */
  label: z.string(),
  amountPaise: z.int(),
  /** What the line's words name: the GST rate, the act, the signatories beyond those included. */
  params: z.optional(
    z.object({
      rate: z.optional(z.int()),
      act: z.optional(notarialAct),
      extra: z.optional(z.int()),
      included: z.optional(z.int()),
    }),
  ),
});
export const feeBreakdown = z.object({
  currency: z.literal('INR'),
  lines: z.array(feeLine),
  totalPaise: z.int(),
  /** True once submitted: the amount is fixed for payment; drafts show a live quote. */
  isFinal: z.boolean(),
});
export type FeeBreakdown = z.infer<typeof feeBreakdown>;

export const applicationDocument = z.object({
  fileName: z.string(),
  pages: z.int(),
  sizeBytes: z.int(),
  sha256: z.string(),
  uploadedAt: z.string(),
});

/**
 * What still stops a draft's submission, one item per problem: `code` says which (the web words it in the reader's
 * language), `message` is the server's English sentence for API clients, and `signatoryName` names the signatory an
 * age item is about.
 */
export const MISSING_CODES = [
  'document',
  'notary',
  'notary_unavailable',
  'notary_not_in_house',
  'signatories',
  'signatory_age',
  'document_type',
  'notarial_act',
  'title',
  'description',
  'language',
  'purpose',
  'first_schedule',
] as const;
export const missingCode = z.enum(MISSING_CODES);
export type MissingCode = z.infer<typeof missingCode>;
export const applicationMissing = z.object({
  step: applicationStep,
  code: missingCode,
  message: z.string(),
  signatoryName: z.optional(z.string()),
});
export type ApplicationMissingItem = z.infer<typeof applicationMissing>;

export const application = z.object({
  _id: z.string(),
  status: applicationStatus,
  /**
   * The caller's relation to it: what the view offers depends on this. `organisation`: an owner or admin of the
   * organisation it belongs to, reading a colleague's application (decision 0068).
   */
  viewerRole: z.enum(['owner', 'notary', 'admin', 'organisation']),
  ownerName: z.string(),
  title: z.nullable(z.string()),
  documentType: z.nullable(documentType),
  notarialAct: z.nullable(notarialAct),
  description: z.nullable(z.string()),
  language: z.nullable(z.string()),
  purpose: z.nullable(z.string()),
  isFirstSchedule: z.boolean(),
  firstScheduleAcknowledged: z.boolean(),
  document: z.nullable(applicationDocument),
  notaryChoice: z.nullable(z.enum(['named', 'first_available'])),
  notary: z.nullable(directoryNotary),
  signatories: z.array(signatory),
  fee: feeBreakdown,
  /** What still stops the draft from being submitted, by wizard step (empty when complete). */
  missing: z.array(applicationMissing),
  allowedActions: z.array(z.enum(APPLICATION_ACTIONS)),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.nullable(z.string()),
  /** While a notary is sought (`waiting_for_notary`): when the request lapses if nobody accepts. */
  notaryRequestExpiresAt: z.optional(z.nullable(z.string())),
});
export type Application = z.infer<typeof application>;
export const applicationResponse = z.object({ application });

export const applicationListItem = z.object({
  _id: z.string(),
  title: z.nullable(z.string()),
  documentType: z.nullable(documentType),
  /** The named notary's name; null with notaryChoice 'first_available' (or not chosen yet). */
  notaryName: z.nullable(z.string()),
  notaryChoice: z.nullable(z.enum(['named', 'first_available'])),
  signatoryCount: z.int(),
  status: applicationStatus,
  totalPaise: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** True once notarised: the list shows a Download button. */
  canDownload: z.boolean(),
});
export type ApplicationListItem = z.infer<typeof applicationListItem>;

export const applicationListQuery = z.strictObject({
  status: z.optional(applicationStatus),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  ...pageQuery,
});
export type ApplicationListQuery = z.input<typeof applicationListQuery>;
export const applicationListResponse = z.object({
  applications: z.array(applicationListItem),
  totalPages: z.number(),
  page: z.number(),
  total: z.number(),
});
export type ApplicationListResponse = z.infer<typeof applicationListResponse>;

/**
 * The reasons the server itself writes with a status change (decision 0092), stored as a code and its values so each
 * reader says them in their own language. A reason without a code is a person's own words, shown as written.
 */
export const STATUS_REASON_CODES = [
  'start_notarization',
  'notary_accepted',
  'identities_proved',
  'reopened',
  'no_notary',
  'paid',
  'declined',
  'sealed',
  'abandoned',
  'consent_withdrawn',
  'erasure_asked',
] as const;
export const statusReasonCode = z.enum(STATUS_REASON_CODES);
export type StatusReasonCode = z.infer<typeof statusReasonCode>;
/** Each code's values (strings, as they are put into the sentence); codes missing here take none. */
export type StatusReasonParams = {
  no_notary: { minutes: string };
  paid: { receipt: string };
  declined: { reason: string };
  sealed: { code: string };
  abandoned: { minutes: string };
};
/** A server-written reason: its code, with the values that code takes. */
export type StatusReason = {
  [K in StatusReasonCode]: K extends keyof StatusReasonParams
    ? { code: K; params: StatusReasonParams[K] }
    : { code: K; params?: undefined };
}[StatusReasonCode];

/** One audit event: a status change, who made it, when, from where and why. */
export const applicationEvent = z.object({
  _id: z.string(),
  fromStatus: z.nullable(applicationStatus),
  toStatus: applicationStatus,
  actorName: z.nullable(z.string()),
  actorRole: z.nullable(z.string()),
  /** The English sentence (e-mails, the audit and exports read it); a person's own words when `reasonCode` is null. */
  reason: z.nullable(z.string()),
  reasonCode: z.nullable(statusReasonCode),
  reasonParams: z.nullable(z.record(z.string(), z.string())),
  createdAt: z.string(),
});
export type ApplicationEvent = z.infer<typeof applicationEvent>;
export const applicationEventsResponse = z.object({ events: z.array(applicationEvent) });
