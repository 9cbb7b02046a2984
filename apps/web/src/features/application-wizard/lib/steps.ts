import { APPLICATION_STEPS, type ApplicationMissingItem, type ApplicationStep } from '@mohar/contracts';

export type Missing = ReadonlyArray<ApplicationMissingItem>;

/** The step named in `?step=`, or null when it names none. */
export function stepOfParam(value: string | null): ApplicationStep | null {
  return (APPLICATION_STEPS as readonly string[]).includes(value ?? '') ? (value as ApplicationStep) : null;
}

/** Whether the server misses nothing for this step (review is complete when nothing is missing at all). */
export function isStepComplete(step: ApplicationStep, missing: Missing): boolean {
  if (step === 'review') return missing.length === 0;
  return !missing.some((item) => item.step === step);
}

/** Where a draft opens (save and resume): the step asked for, else the first one still missing something, else review. */
export function initialStep(options: { param: string | null; missing: Missing }): ApplicationStep {
  const asked = stepOfParam(options.param);
  if (asked) return asked;
  return (
    APPLICATION_STEPS.find((step) => step !== 'review' && !isStepComplete(step, options.missing)) ?? 'review'
  );
}

export const nextStepOf = (step: ApplicationStep): ApplicationStep | undefined =>
  APPLICATION_STEPS[APPLICATION_STEPS.indexOf(step) + 1];

export const previousStepOf = (step: ApplicationStep): ApplicationStep | undefined =>
  APPLICATION_STEPS[APPLICATION_STEPS.indexOf(step) - 1];

/** The heading each step opens with; focus moves to it when the step changes. */
export const stepHeadingId = (step: ApplicationStep) => `wizard-${step}-heading`;
