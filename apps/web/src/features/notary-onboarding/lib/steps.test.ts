import { describe, expect, it } from 'vitest';
import { firstIncompleteStep, isStepComplete, ONBOARDING_STEPS, stepOfMissingItem } from './steps';

const ALL_MISSING = [
  'details',
  'certificate of practice',
  'photo',
  'signature specimen',
  'seal',
  'signing certificate',
];
const step = (index: number) => ONBOARDING_STEPS[index];

describe('the onboarding stepper opens at the first incomplete step', () => {
  it('a new application opens at the details', () => {
    expect(step(firstIncompleteStep(ALL_MISSING))).toBe('details');
  });

  it('with the details saved, it opens at the documents while any of the three is missing', () => {
    expect(step(firstIncompleteStep(['signature specimen', 'seal', 'signing certificate']))).toBe(
      'documents',
    );
  });

  it('the order of the missing list does not matter', () => {
    expect(step(firstIncompleteStep(['signing certificate', 'seal']))).toBe('seal');
    expect(step(firstIncompleteStep(['signing certificate', 'photo']))).toBe('documents');
  });

  it('a later gap is found even when earlier steps are complete', () => {
    expect(step(firstIncompleteStep(['signing certificate']))).toBe('certificate');
  });

  it('a complete application opens at review', () => {
    expect(step(firstIncompleteStep([]))).toBe('review');
  });

  it('an item the screen does not know sends the notary to review, where it is listed', () => {
    expect(stepOfMissingItem('something new')).toBe('review');
    expect(step(firstIncompleteStep(['something new']))).toBe('review');
  });
});

describe('step completeness', () => {
  it('documents are complete only when certificate, photo and signature are all there', () => {
    expect(isStepComplete('documents', ['photo'])).toBe(false);
    expect(isStepComplete('documents', ['seal', 'details'])).toBe(true);
  });
  it('review is complete only when nothing is missing', () => {
    expect(isStepComplete('review', ['seal'])).toBe(false);
    expect(isStepComplete('review', [])).toBe(true);
  });
});
