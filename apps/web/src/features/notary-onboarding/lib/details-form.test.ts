import type { NotaryProfile } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { detailsRequestOf, detailsValuesOf, hasUnsavedDetails, isCommissionLapsed } from './details-form';

const profile = (overrides: Partial<NotaryProfile> = {}): NotaryProfile => ({
  _id: 'n1',
  email: 'ravi@example.in',
  status: 'draft',
  statusReason: null,
  fullName: null,
  registrationNumber: null,
  appointingGovernment: null,
  areaOfPractice: null,
  commissionExpiresOn: null,
  officeAddress: null,
  languages: [],
  documents: { certificate: null, photo: null, signature: null, seal: null },
  signingCertificate: null,
  sealLayout: null,
  isOnline: false,
  workingHours: { from: '10:00', to: '20:00' },
  missing: ['details'],
  canTakeWork: false,
  submittedAt: null,
  verifiedAt: null,
  ...overrides,
});

describe('saving the details step', () => {
  it('a half-filled form sends only what is filled in, trimmed', () => {
    const saved = detailsValuesOf(profile());
    const values = { ...saved, fullName: '  Ravi Kumar Iyer ', languages: ['English', 'Hindi'] };
    expect(detailsRequestOf(values, saved)).toEqual({
      fullName: 'Ravi Kumar Iyer',
      languages: ['English', 'Hindi'],
    });
  });

  it('a saved field that is emptied is sent empty, so the contract refuses it instead of keeping the old value', () => {
    const saved = detailsValuesOf(profile({ areaOfPractice: 'Delhi', languages: ['Hindi'] }));
    const values = { ...saved, areaOfPractice: '   ', languages: [] };
    expect(detailsRequestOf(values, saved)).toEqual({ areaOfPractice: '', languages: [] });
  });

  it('knows when the form differs from what is saved', () => {
    const saved = detailsValuesOf(profile({ fullName: 'Ravi Iyer', languages: ['English'] }));
    expect(hasUnsavedDetails({ ...saved }, saved)).toBe(false);
    expect(hasUnsavedDetails({ ...saved, fullName: 'Ravi Iyer ' }, saved)).toBe(false);
    expect(hasUnsavedDetails({ ...saved, fullName: 'Ravi K. Iyer' }, saved)).toBe(true);
    expect(hasUnsavedDetails({ ...saved, languages: ['English', 'Tamil'] }, saved)).toBe(true);
  });

  it('a commission that ended before today is caught; today and later are fine', () => {
    expect(isCommissionLapsed({ commissionExpiresOn: '2025-01-31', today: '2025-02-01' })).toBe(true);
    expect(isCommissionLapsed({ commissionExpiresOn: '2025-02-01', today: '2025-02-01' })).toBe(false);
    expect(isCommissionLapsed({ commissionExpiresOn: '', today: '2025-02-01' })).toBe(false);
  });
});
