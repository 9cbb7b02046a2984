import type { ApplicationStatus, SignatoryAct, SignatoryProgress } from '@mohar/contracts';

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

/** Where a signatory stands in the act, once it began; before it, their portal progress says it all. */
export type ActStage = 'identity_confirmed' | 'identity_not_confirmed' | 'signed' | 'notarised';

export const ACT_STAGE_COLOURS: Record<ActStage, string> = {
  identity_confirmed: 'green',
  identity_not_confirmed: 'red',
  signed: 'green',
  notarised: 'green',
};

/** The furthest fact on record: notarised (signed, and the document sealed) › signed › the notary's decision. */
export function actStageOf(act: SignatoryAct, status: ApplicationStatus): ActStage | null {
  if (act.signedAt) return status === 'notarised' ? 'notarised' : 'signed';
  if (act.identity === 'confirmed') return 'identity_confirmed';
  if (act.identity === 'not_confirmed') return 'identity_not_confirmed';
  return null;
}
