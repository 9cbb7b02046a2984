import { describe, expect, it } from 'vitest';
import { initialStep, isStepComplete, nextStepOf, previousStepOf, stepOfParam } from './steps';

const missing = [
  { step: 'signatories', code: 'signatories', message: 'Add at least one signatory.' },
  { step: 'details', code: 'title', message: 'Give the document a title.' },
] as const;

describe('where the wizard opens', () => {
  it('at the step the address asks for', () => {
    expect(initialStep({ param: 'notary', missing })).toBe('notary');
  });

  it('else at the first step that still misses something, so a resumed draft continues where it stopped', () => {
    expect(initialStep({ param: null, missing })).toBe('signatories');
    expect(initialStep({ param: 'nonsense', missing })).toBe('signatories');
  });

  it('at review when nothing is missing', () => {
    expect(initialStep({ param: null, missing: [] })).toBe('review');
  });
});

describe('steps', () => {
  it('a step is complete when the server misses nothing for it', () => {
    expect(isStepComplete('document', missing)).toBe(true);
    expect(isStepComplete('details', missing)).toBe(false);
    expect(isStepComplete('review', missing)).toBe(false);
    expect(isStepComplete('review', [])).toBe(true);
  });

  it('only known steps are read from the address', () => {
    expect(stepOfParam('review')).toBe('review');
    expect(stepOfParam('payment')).toBeNull();
    expect(stepOfParam(null)).toBeNull();
  });

  it('next and previous follow the wizard order', () => {
    expect(nextStepOf('document')).toBe('notary');
    expect(nextStepOf('review')).toBeUndefined();
    expect(previousStepOf('notary')).toBe('document');
    expect(previousStepOf('document')).toBeUndefined();
  });
});
