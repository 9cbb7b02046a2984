import type { SignatoryProgress } from '@mohar/contracts';

/** One badge colour per step of a signatory's way through the portal: the owner's view and the portal agree. */
export const SIGNATORY_PROGRESS_COLOURS: Record<SignatoryProgress, string> = {
  pending: 'gray',
  invited: 'ink',
  email_confirmed: 'ink',
  consented: 'ink',
  identity_submitted: 'yellow',
  qr_verified: 'green',
  needs_notary_review: 'orange',
  declined: 'red',
};
