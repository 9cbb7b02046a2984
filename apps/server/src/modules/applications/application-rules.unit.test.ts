import { MISSING_CODES } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { missingForSubmission } from './application-rules.ts';
import type { ApplicationRow } from './applications.repository.ts';

// Only the fields the rule reads; the rest of a row does not take part.
const emptyDraft = {
  document: null,
  notaryChoice: null,
  documentType: null,
  notarialAct: null,
  title: null,
  description: null,
  language: null,
  purpose: null,
  firstScheduleAcknowledgedAt: null,
} as unknown as ApplicationRow;

describe('what still stops a draft, each item with the code the web words it by', () => {
  it('an empty draft misses each step once, in the order the wizard asks', () => {
    const missing = missingForSubmission({
      row: emptyDraft,
      signatories: [],
      isNotaryAvailable: false,
      isNotaryOutsideOrganisation: false,
      today: '2026-11-29',
    });
    expect(missing.map((item) => [item.step, item.code])).toEqual([
      ['document', 'document'],
      ['notary', 'notary'],
      ['signatories', 'signatories'],
      ['details', 'document_type'],
      ['details', 'notarial_act'],
      ['details', 'title'],
      ['details', 'description'],
      ['details', 'language'],
      ['details', 'purpose'],
    ]);
    for (const item of missing) expect(MISSING_CODES).toContain(item.code);
  });

  it('a signatory under 18 is named in the item, with the English sentence for API clients', () => {
    const missing = missingForSubmission({
      row: { ...emptyDraft, notaryChoice: 'first_available' } as ApplicationRow,
      signatories: [
        { fullName: 'Asha Verma', dateOfBirth: '1990-01-01' },
        { fullName: 'Ravi Kumar', dateOfBirth: '2010-06-01' },
      ],
      isNotaryAvailable: true,
      isNotaryOutsideOrganisation: false,
      today: '2026-11-29',
    });
    expect(missing.filter((item) => item.step === 'signatories')).toEqual([
      {
        step: 'signatories',
        code: 'signatory_age',
        message: 'Ravi Kumar must be 18 or older to sign.',
        signatoryName: 'Ravi Kumar',
      },
    ]);
  });

  it('a named notary outside an organisation that takes only its own, before one who cannot take work', () => {
    const missing = missingForSubmission({
      row: { ...emptyDraft, notaryChoice: 'named' } as ApplicationRow,
      signatories: [],
      isNotaryAvailable: false,
      isNotaryOutsideOrganisation: true,
      today: '2026-11-29',
    });
    expect(missing.filter((item) => item.step === 'notary').map((item) => item.code)).toEqual([
      'notary_not_in_house',
    ]);
  });
});
