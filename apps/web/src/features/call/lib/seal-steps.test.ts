import { describe, expect, it } from 'vitest';
import { isSealing, SEAL_STEPS, sealStepState } from './seal-steps';

const states = (stage: Parameters<typeof sealStepState>[1]) =>
  SEAL_STEPS.map((step) => sealStepState(step, stage));

describe('sealing stages', () => {
  it('marks what is done, what runs now and what comes next', () => {
    expect(states('recording')).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
    expect(states('signing')).toEqual(['done', 'done', 'current', 'upcoming']);
    expect(states('timestamping')).toEqual(['done', 'done', 'done', 'current']);
    expect(states('done')).toEqual(['done', 'done', 'done', 'done']);
  });

  it('a failed seal claims nothing was done, and only the four stages count as sealing', () => {
    expect(states('failed')).toEqual(['upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(isSealing('stamping')).toBe(true);
    expect(isSealing('done')).toBe(false);
    expect(isSealing('failed')).toBe(false);
    expect(isSealing(null)).toBe(false);
  });
});
