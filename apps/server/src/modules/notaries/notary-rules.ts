import type { NotaryDocumentKind, NotaryStatus } from '@mohar/contracts';
import type { CheckedFile } from './file-check.ts';
import type { NotaryRow } from './notaries.repository.ts';
import type { SealDetails } from './seal.ts';

/** Who may move an application where (issue 4). Anything else is a 409. */
export const TRANSITIONS = {
  submit: { from: ['draft', 'rejected'], to: 'pending', verb: 'submitted' },
  approve: { from: ['pending'], to: 'verified', verb: 'approved' },
  reject: { from: ['pending'], to: 'rejected', verb: 'rejected' },
  suspend: { from: ['verified'], to: 'suspended', verb: 'suspended' },
  reinstate: { from: ['suspended'], to: 'verified', verb: 'reinstated' },
} as const satisfies Record<string, { from: readonly NotaryStatus[]; to: NotaryStatus; verb: string }>;
export type NotaryAction = keyof typeof TRANSITIONS;

export const EDITABLE: readonly string[] = ['draft', 'rejected'];

export const ALLOWED_FILES: Record<NotaryDocumentKind, ReadonlyArray<CheckedFile['contentType']>> = {
  certificate: ['application/pdf', 'image/jpeg', 'image/png'],
  photo: ['image/jpeg', 'image/png'],
  signature: ['image/png', 'image/jpeg'],
  seal: ['image/png', 'image/jpeg'],
};
export const FILE_LABELS: Record<NotaryDocumentKind, string> = {
  certificate: 'certificate of practice',
  photo: 'photo',
  signature: 'signature specimen',
  seal: 'seal image',
};

// Made once: building a DateTimeFormat costs tens of microseconds, and every view of a notary card asks the time.
const IST_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

// India's offset from UTC is a whole number of minutes (+05:30): within one UTC minute the clock reads the same, so
// it is formatted once a minute (formatting alone cost a few µs of every application view with a notary).
let clockMinute = Number.NaN;
let clock = '';

/** HH:MM in India now. */
export function clockInIndia(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== clockMinute) {
    clock = IST_CLOCK.format(now);
    clockMinute = minute;
  }
  return clock;
}

/** The seal names the appointing government in full (Notaries Act §3). */
function governmentOnSeal(government: string): string {
  if (government === 'Central Government') return government;
  return government === 'Delhi' ? 'Government of NCT of Delhi' : `Government of ${government}`;
}

export function sealDetailsOf(row: NotaryRow): SealDetails | null {
  const { fullName, areaOfPractice, registrationNumber, appointingGovernment, commissionExpiresOn } = row;
  if (!fullName || !areaOfPractice || !registrationNumber || !appointingGovernment || !commissionExpiresOn)
    return null;
  return {
    name: fullName,
    areaOfPractice,
    registrationNumber,
    appointingGovernment: governmentOnSeal(appointingGovernment),
    commissionExpiresOn,
  };
}

export function missingSteps(row: NotaryRow): string[] {
  const missing: string[] = [];
  const details = [
    row.fullName,
    row.registrationNumber,
    row.appointingGovernment,
    row.areaOfPractice,
    row.commissionExpiresOn,
    row.officeAddress,
  ];
  if (details.some((v) => !v) || row.languages.length === 0) missing.push('details');
  if (!row.documents.certificate) missing.push('certificate of practice');
  if (!row.documents.photo) missing.push('photo');
  if (!row.documents.signature) missing.push('signature specimen');
  if (!row.documents.seal) missing.push('seal');
  if (!row.signingCertificate) missing.push('signing certificate');
  return missing;
}

export function canTakeWork(row: Pick<NotaryRow, 'status' | 'commissionExpiresOn'>, today: string): boolean {
  return (
    row.status === 'verified' && Boolean(row.commissionExpiresOn) && (row.commissionExpiresOn ?? '') >= today
  );
}
