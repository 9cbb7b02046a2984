import type { TFunction } from 'i18next';

/**
 * The reasons the server itself writes into an application's status history, in English (its words, stored with
 * the change). Read in the reader's language by their exact English; any other reason is a person's own words (a
 * notary's, an admin's) and is shown as written.
 */
const FIXED: Record<string, string> = {
  'Start Notarization': 'startNotarization',
  'A notary accepted the request': 'notaryAccepted',
  'Every signatory has proved their identity': 'identitiesProved',
  'Reopened for editing before payment': 'reopened',
};

const PATTERNS: Array<[RegExp, string, (match: RegExpMatchArray) => Record<string, string>]> = [
  [/^No notary accepted within (\d+) minutes$/, 'noNotary', (m) => ({ minutes: m[1] ?? '' })],
  [/^Paid; receipt (\S+)$/, 'paid', (m) => ({ receipt: m[1] ?? '' })],
  [/^The notary declined: ([\s\S]*)$/, 'declined', (m) => ({ reason: m[1] ?? '' })],
  [/^Sealed by the notary \(verification code (\S+)\)$/, 'sealed', (m) => ({ code: m[1] ?? '' })],
];

export function statusReasonText(reason: string, t: TFunction<'applications'>): string {
  const fixed = FIXED[reason];
  if (fixed) return t(`timeline.reasons.${fixed}`);
  for (const [pattern, key, params] of PATTERNS) {
    const match = reason.match(pattern);
    // `replace`: a notary's own words stay a value (never read as an option).
    if (match) return t(`timeline.reasons.${key}`, { replace: params(match) });
  }
  return reason;
}
