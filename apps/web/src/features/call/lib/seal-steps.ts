import type { SealStage } from '@mohar/contracts';

/** The stages a person watches, in order ('done' and 'failed' end the list rather than being a line of it). */
export const SEAL_STEPS = ['recording', 'stamping', 'signing', 'timestamping'] as const;
export type SealStep = (typeof SEAL_STEPS)[number];
export type SealStepState = 'done' | 'current' | 'upcoming';

/** A line's state while sealing stands at `stage`: before it done, it current, after it upcoming; all done at the end. */
export function sealStepState(step: SealStep, stage: SealStage): SealStepState {
  if (stage === 'done') return 'done';
  const at = SEAL_STEPS.indexOf(stage as SealStep);
  const index = SEAL_STEPS.indexOf(step);
  if (at < 0) return 'upcoming';
  return index < at ? 'done' : index === at ? 'current' : 'upcoming';
}

/** Whether sealing is under way (not yet begun, finished or failed are not). */
export const isSealing = (stage: SealStage | null): stage is SealStep =>
  stage !== null && (SEAL_STEPS as readonly string[]).includes(stage);
