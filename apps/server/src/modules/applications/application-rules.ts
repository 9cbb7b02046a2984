import {
  type ApplicationMissingItem,
  type ApplicationStatus,
  type DocumentType,
  isAdultOn,
  isFirstScheduleType,
  MIN_AGE_YEARS,
  type MissingCode,
} from '@mohar/contracts';
import type { ApplicationRow, SignatoryRow } from './applications.repository.ts';

/**
 * domain.md "Application statuses": the only moves there are. Everything else is a 409. Later issues drive the
 * system moves (payment, identity, the session) through `transition`; clients' own moves are submit, reopen, cancel.
 */
export const TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  draft: ['awaiting_payment'],
  // Back to draft: the client edits before paying (no money has moved yet).
  awaiting_payment: ['awaiting_identity', 'draft', 'cancelled'],
  // Failed from here on: an admin records a technical failure after payment (issue 6), opening the refund window.
  awaiting_identity: ['ready', 'cancelled', 'failed'],
  ready: ['waiting_for_notary', 'cancelled', 'failed'],
  // Back to ready: nobody accepted in time, so the participants may ask again or pick another notary.
  waiting_for_notary: ['in_session', 'ready', 'rejected', 'failed', 'cancelled'],
  in_session: ['notarised', 'failed'],
  notarised: [],
  cancelled: [],
  failed: [],
  rejected: [],
};

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  draft: 'a draft',
  awaiting_payment: 'awaiting payment',
  awaiting_identity: 'waiting for identity checks',
  ready: 'ready for the session',
  waiting_for_notary: 'waiting for a notary',
  in_session: 'in a session',
  notarised: 'notarised',
  cancelled: 'cancelled',
  failed: 'failed',
  rejected: 'rejected by the notary',
};

/** "Before the session starts" (the issue): a client may cancel up to the moment a notary joins. */
export const CANCELLABLE: readonly ApplicationStatus[] = [
  'awaiting_payment',
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
];

/** Paid and not finished: where an admin may mark a technical failure. */
export const FAILABLE: readonly ApplicationStatus[] = [
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
  'in_session',
];

export function isLegalTransition(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

const DETAIL_FIELDS: Array<{ key: keyof ApplicationRow; code: MissingCode; message: string }> = [
  { key: 'documentType', code: 'document_type', message: 'Choose the document type.' },
  { key: 'notarialAct', code: 'notarial_act', message: 'Choose the notarial act.' },
  { key: 'title', code: 'title', message: 'Give the document a title.' },
  { key: 'description', code: 'description', message: 'Describe the document in a sentence or two.' },
  { key: 'language', code: 'language', message: 'Choose the document’s language.' },
  { key: 'purpose', code: 'purpose', message: 'Say what the notarised document is for.' },
];

const ageMessage = (fullName: string) => `${fullName} must be ${MIN_AGE_YEARS} or older to sign.`;

/** 18 or older on `today` (IST), else the field issue the wizard shows on that row. */
export function ageIssues(
  signatories: ReadonlyArray<{ fullName: string; dateOfBirth: string }>,
  today: string,
) {
  return signatories.flatMap((s, index) =>
    isAdultOn(s.dateOfBirth, today)
      ? []
      : [
          {
            path: `signatories.${index}.dateOfBirth`,
            message: ageMessage(s.fullName),
          },
        ],
  );
}

/** The wizard's line when an organisation that takes only its own notaries has an outsider named (decision 0091). */
export const NOT_IN_HOUSE_MISSING =
  'Your organisation uses only its own in-house notaries. Choose one of them or “first available notary”.';

/** What still blocks submission, by wizard step, in the order the wizard asks. */
export function missingForSubmission(options: {
  row: ApplicationRow;
  signatories: ReadonlyArray<Pick<SignatoryRow, 'fullName' | 'dateOfBirth'>>;
  isNotaryAvailable: boolean;
  /** The named notary is not one of the organisation's own, and it takes only those (decision 0091). */
  isNotaryOutsideOrganisation: boolean;
  today: string;
}): ApplicationMissingItem[] {
  const { row, signatories } = options;
  const missing: ApplicationMissingItem[] = [];
  if (!row.document)
    missing.push({ step: 'document', code: 'document', message: 'Upload the PDF to notarise.' });
  if (!row.notaryChoice)
    missing.push({ step: 'notary', code: 'notary', message: 'Choose a notary or “first available notary”.' });
  else if (row.notaryChoice === 'named' && options.isNotaryOutsideOrganisation)
    missing.push({ step: 'notary', code: 'notary_not_in_house', message: NOT_IN_HOUSE_MISSING });
  else if (row.notaryChoice === 'named' && !options.isNotaryAvailable)
    missing.push({
      step: 'notary',
      code: 'notary_unavailable',
      message: 'The notary you chose cannot take new applications now. Choose another.',
    });
  if (signatories.length === 0)
    missing.push({ step: 'signatories', code: 'signatories', message: 'Add at least one signatory.' });
  for (const signatory of signatories)
    if (!isAdultOn(signatory.dateOfBirth, options.today))
      missing.push({
        step: 'signatories',
        code: 'signatory_age',
        message: ageMessage(signatory.fullName),
        signatoryName: signatory.fullName,
      });
  for (const { code, message, key } of DETAIL_FIELDS)
    if (!row[key]) missing.push({ step: 'details', code, message });
  if (isFirstScheduleType(row.documentType as DocumentType | null) && !row.firstScheduleAcknowledgedAt)
    missing.push({
      step: 'details',
      code: 'first_schedule',
      message: 'Acknowledge the First Schedule warning.',
    });
  return missing;
}

/** A file name fit to show and to put in a Content-Disposition header. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  if (!cleaned || cleaned === '.pdf') return 'document.pdf';
  return /\.pdf$/i.test(cleaned) ? cleaned : `${cleaned}.pdf`;
}
