import type { IdentityDocumentKind, SignatoryProgress } from '@mohar/contracts';

/** The signatory's checklist, in order (issue 7). */
export const PORTAL_STEPS = ['email', 'consent', 'aadhaar', 'selfie'] as const;
export type PortalStep = (typeof PORTAL_STEPS)[number];

/** 'skipped': not asked of this signatory (they declined consent, so no identity images are taken). */
export type StepState = 'done' | 'current' | 'upcoming' | 'skipped';

/**
 * How many steps each progress has completed. The Aadhaar images and the selfie are sent together as the identity
 * submission, so 'identity_submitted' and what follows it (the Secure QR check) complete both.
 */
const DONE_COUNT: Record<SignatoryProgress, number> = {
  pending: 0,
  invited: 0,
  email_confirmed: 1,
  consented: 2,
  identity_submitted: 4,
  qr_verified: 4,
  needs_notary_review: 4,
  declined: 2,
};

/** Images already uploaded (not yet submitted): both sides of the card complete the Aadhaar step. */
export type Uploaded = ReadonlySet<IdentityDocumentKind>;
const NONE: Uploaded = new Set();

function doneCount(progress: SignatoryProgress, uploaded: Uploaded): number {
  const hasCard = uploaded.has('aadhaar_front') && uploaded.has('aadhaar_back');
  return progress === 'consented' && hasCard ? 3 : DONE_COUNT[progress];
}

/** The one step open now, or null when there is nothing left to do here (all done, or consent declined). */
export function currentStepOf(progress: SignatoryProgress, uploaded: Uploaded = NONE): PortalStep | null {
  if (progress === 'declined') return null;
  return PORTAL_STEPS[doneCount(progress, uploaded)] ?? null;
}

/** Each step's state for a signatory at this progress: done steps first, then the open one, then the rest. */
export function stepStatesOf(
  progress: SignatoryProgress,
  uploaded: Uploaded = NONE,
): Record<PortalStep, StepState> {
  const done = doneCount(progress, uploaded);
  const current = currentStepOf(progress, uploaded);
  const stateAt = (index: number, step: PortalStep): StepState => {
    if (index < done) return 'done';
    if (step === current) return 'current';
    return progress === 'declined' ? 'skipped' : 'upcoming';
  };
  return {
    email: stateAt(0, 'email'),
    consent: stateAt(1, 'consent'),
    aadhaar: stateAt(2, 'aadhaar'),
    selfie: stateAt(3, 'selfie'),
  };
}

/** Every step asked of this signatory is done (identity sent), so the page has nothing left to offer yet. */
export const isChecklistComplete = (progress: SignatoryProgress) =>
  DONE_COUNT[progress] >= PORTAL_STEPS.length;
