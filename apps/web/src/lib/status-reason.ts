import type { ApplicationEvent, StatusReasonCode } from '@mohar/contracts';
import type { TFunction } from 'i18next';

/** Each code the server writes with a status change (decision 0092), and its text in `applications:timeline.reasons`. */
const KEYS: Record<StatusReasonCode, string> = {
  start_notarization: 'startNotarization',
  notary_accepted: 'notaryAccepted',
  identities_proved: 'identitiesProved',
  reopened: 'reopened',
  no_notary: 'noNotary',
  paid: 'paid',
  declined: 'declined',
  sealed: 'sealed',
  abandoned: 'abandoned',
  consent_withdrawn: 'consentWithdrawn',
  erasure_asked: 'erasureAsked',
};

/**
 * A status change's reason in the reader's language: the server's own reasons by their code, with their values;
 * without a code it is a person's own words (a notary's, an admin's) and is shown as written. Null: no reason.
 */
export function statusReasonText(
  event: Pick<ApplicationEvent, 'reason' | 'reasonCode' | 'reasonParams'>,
  t: TFunction<'applications'>,
): string | null {
  if (event.reasonCode) {
    // `replace`: the values (a notary's own words among them) stay values, never read as options.
    return t(`timeline.reasons.${KEYS[event.reasonCode]}`, { replace: event.reasonParams ?? {} });
  }
  return event.reason;
}
