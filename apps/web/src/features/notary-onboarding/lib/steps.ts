/** The onboarding stepper, in order. Review is where the application is submitted. */
export const ONBOARDING_STEPS = ['details', 'documents', 'seal', 'certificate', 'review'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * What the server lists in `missing` (notaries.service.ts `missingSteps`), each with the step that completes it and
 * the key of its name in the `onboarding` namespace.
 */
export const REQUIRED_ITEMS = [
  { item: 'details', step: 'details', labelKey: 'review.items.details' },
  { item: 'certificate of practice', step: 'documents', labelKey: 'review.items.certificate' },
  { item: 'photo', step: 'documents', labelKey: 'review.items.photo' },
  { item: 'signature specimen', step: 'documents', labelKey: 'review.items.signature' },
  { item: 'seal', step: 'seal', labelKey: 'review.items.seal' },
  { item: 'signing certificate', step: 'certificate', labelKey: 'review.items.signingCertificate' },
] as const satisfies ReadonlyArray<{ item: string; step: OnboardingStep; labelKey: string }>;

/** The step that completes a missing item; an item this screen does not know is sent to review. */
export function stepOfMissingItem(item: string): OnboardingStep {
  return REQUIRED_ITEMS.find((entry) => entry.item === item)?.step ?? 'review';
}

/** Whether nothing the server still misses belongs to this step (review is complete when nothing is missing). */
export function isStepComplete(step: OnboardingStep, missing: readonly string[]): boolean {
  if (step === 'review') return missing.length === 0;
  return !missing.some((item) => stepOfMissingItem(item) === step);
}

/** Where the stepper opens (save and resume): the first step with something missing, else review. */
export function firstIncompleteStep(missing: readonly string[]): number {
  const index = ONBOARDING_STEPS.findIndex((step) => step !== 'review' && !isStepComplete(step, missing));
  return index === -1 ? ONBOARDING_STEPS.indexOf('review') : index;
}
