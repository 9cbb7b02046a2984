import { SIGNATORY_PROGRESS } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { currentStepOf, isChecklistComplete, PORTAL_STEPS, stepStatesOf } from './portal-steps';

describe('currentStepOf', () => {
  it('opens the e-mail step for a signatory who has just been invited', () => {
    expect(currentStepOf('invited')).toBe('email');
    expect(currentStepOf('pending')).toBe('email');
  });

  it('opens consent once the e-mail is confirmed, and the Aadhaar step once consent is given', () => {
    expect(currentStepOf('email_confirmed')).toBe('consent');
    expect(currentStepOf('consented')).toBe('aadhaar');
  });

  it('opens nothing once identity is sent or consent is declined', () => {
    for (const progress of ['identity_submitted', 'qr_verified', 'needs_notary_review', 'declined'] as const)
      expect(currentStepOf(progress)).toBeNull();
  });
});

describe('the Aadhaar step', () => {
  it('is done once both sides of the card are uploaded, which opens the selfie', () => {
    const both = new Set(['aadhaar_front', 'aadhaar_back'] as const);
    expect(currentStepOf('consented', both)).toBe('selfie');
    expect(stepStatesOf('consented', both)).toMatchObject({ aadhaar: 'done', selfie: 'current' });
  });

  it('stays open with only one side, or only a selfie', () => {
    expect(currentStepOf('consented', new Set(['aadhaar_front'] as const))).toBe('aadhaar');
    expect(currentStepOf('consented', new Set(['aadhaar_back', 'selfie'] as const))).toBe('aadhaar');
  });
});

describe('stepStatesOf', () => {
  it('has exactly one current step while something is left to do', () => {
    for (const progress of ['invited', 'email_confirmed', 'consented'] as const) {
      const states = Object.values(stepStatesOf(progress));
      expect(states.filter((state) => state === 'current')).toHaveLength(1);
    }
  });

  it('ticks the steps before the current one and leaves the rest upcoming', () => {
    expect(stepStatesOf('invited')).toEqual({
      email: 'current',
      consent: 'upcoming',
      aadhaar: 'upcoming',
      selfie: 'upcoming',
    });
    expect(stepStatesOf('consented')).toEqual({
      email: 'done',
      consent: 'done',
      aadhaar: 'current',
      selfie: 'upcoming',
    });
  });

  it('skips the identity images for a signatory who declined consent', () => {
    expect(stepStatesOf('declined')).toEqual({
      email: 'done',
      consent: 'done',
      aadhaar: 'skipped',
      selfie: 'skipped',
    });
  });

  it('ticks every step once identity is sent, whatever the Secure QR check found', () => {
    for (const progress of ['identity_submitted', 'qr_verified', 'needs_notary_review'] as const) {
      expect(Object.values(stepStatesOf(progress))).toEqual(PORTAL_STEPS.map(() => 'done'));
      expect(isChecklistComplete(progress)).toBe(true);
    }
  });

  it('knows every progress the contract has', () => {
    for (const progress of SIGNATORY_PROGRESS)
      expect(Object.keys(stepStatesOf(progress))).toEqual([...PORTAL_STEPS]);
  });
});
