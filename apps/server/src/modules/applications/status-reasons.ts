import type { StatusReason, StatusReasonCode, StatusReasonParams } from '@mohar/contracts';

type English = {
  [K in StatusReasonCode]: (
    params: K extends keyof StatusReasonParams ? StatusReasonParams[K] : undefined,
  ) => string;
};

/**
 * The English sentence of each reason the server writes (decision 0092): stored as `reason` beside the code, for the
 * readers that read the sentence (the audit trail, e-mails, exports). The migration's backfill matches these words.
 */
const ENGLISH: English = {
  start_notarization: () => 'Start Notarization',
  notary_accepted: () => 'A notary accepted the request',
  identities_proved: () => 'Every signatory has proved their identity',
  reopened: () => 'Reopened for editing before payment',
  no_notary: (p) => `No notary accepted within ${p.minutes} minutes`,
  paid: (p) => `Paid; receipt ${p.receipt}`,
  declined: (p) => `The notary declined: ${p.reason}`,
  sealed: (p) => `Sealed by the notary (verification code ${p.code})`,
  abandoned: (p) => `Nobody was in the session for ${p.minutes} minutes`,
  consent_withdrawn: () => 'Cancelled by Mohar: the account holder withdrew their consent.',
  erasure_asked: () => 'Cancelled by Mohar: the account holder asked for their data to be erased.',
};

export function statusReasonEnglish(reason: StatusReason): string {
  return (ENGLISH[reason.code] as (params: StatusReason['params']) => string)(reason.params);
}
