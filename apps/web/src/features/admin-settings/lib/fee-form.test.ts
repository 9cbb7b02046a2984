import type { FeeSettingsInput } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { changedFields, exampleFee, feeFieldPath, feeFormValuesOf, gstOn, parseFeeForm } from './fee-form';

const settings: FeeSettingsInput = {
  platformFeePaise: 29_900,
  notarialFees: { attest_execution: 20_000, affidavit_oath: 15_000, true_copy: 10_000, translation: 25_050 },
  extraSignatoryFeePaise: 5_000,
  includedSignatories: 2,
  gstRatePercent: 18,
};

describe('the form', () => {
  it('finds each setting’s field in its values, notarial fees inside their group', () => {
    expect(feeFieldPath('platformFee')).toBe('platformFee');
    expect(feeFieldPath('notarial_true_copy')).toBe('notarialFees.true_copy');
  });

  it('starts from the current settings in rupees and reads back to the same paise', () => {
    const values = feeFormValuesOf(settings);
    expect(values.platformFee).toBe('299.00');
    expect(values.notarialFees.translation).toBe('250.50');
    expect(values.includedSignatories).toBe('2');
    expect(parseFeeForm(values)).toEqual({ ok: true, data: settings });
  });

  it('turns rupees with paise into exact integer paise', () => {
    const values = { ...feeFormValuesOf(settings), platformFee: '299.5', extraSignatoryFee: '0.29' };
    const result = parseFeeForm(values);
    expect(result.ok && result.data.platformFeePaise).toBe(29_950);
    expect(result.ok && result.data.extraSignatoryFeePaise).toBe(29);
  });

  it('says which fields are empty, not amounts, or out of range', () => {
    const values = feeFormValuesOf(settings);
    const result = parseFeeForm({
      ...values,
      platformFee: '',
      notarialFees: { ...values.notarialFees, true_copy: '10.999' },
      extraSignatoryFee: '100001',
      includedSignatories: '7',
      gstRatePercent: '12.5',
    });
    expect(result).toEqual({
      ok: false,
      problems: {
        platformFee: { kind: 'required' },
        notarial_true_copy: { kind: 'invalid' },
        extraSignatoryFee: { kind: 'too_big', maximum: 10_000_000 },
        includedSignatories: { kind: 'too_big', maximum: 6 },
        gstRatePercent: { kind: 'invalid' },
      },
    });
  });

  it('refuses no signatories included and a GST rate above 28%', () => {
    const values = { ...feeFormValuesOf(settings), includedSignatories: '0', gstRatePercent: '29' };
    expect(parseFeeForm(values)).toEqual({
      ok: false,
      problems: {
        includedSignatories: { kind: 'too_small', minimum: 1 },
        gstRatePercent: { kind: 'too_big', maximum: 28 },
      },
    });
  });

  it('lists exactly the settings a save would change', () => {
    expect(changedFields(settings, settings)).toEqual([]);
    expect(
      changedFields(settings, {
        ...settings,
        platformFeePaise: 30_000,
        notarialFees: { ...settings.notarialFees, affidavit_oath: 1 },
        gstRatePercent: 12,
      }),
    ).toEqual(['platformFee', 'notarial_affidavit_oath', 'gstRatePercent']);
  });
});

describe('the example', () => {
  it('GST rounds half a paisa up, with integers only', () => {
    expect(gstOn({ platformFeePaise: 29_900, gstRatePercent: 18 })).toBe(5_382);
    // 25 × 18 = 450 hundredths = 4.5 paise → 5; 24 × 18 = 432 → 4.32 → 4.
    expect(gstOn({ platformFeePaise: 25, gstRatePercent: 18 })).toBe(5);
    expect(gstOn({ platformFeePaise: 24, gstRatePercent: 18 })).toBe(4);
    expect(gstOn({ platformFeePaise: 29_900, gstRatePercent: 0 })).toBe(0);
  });

  it('three signatories for attestation: platform + GST + the act fee + one extra signatory', () => {
    expect(exampleFee(settings, { act: 'attest_execution', signatories: 3 })).toEqual({
      platformFeePaise: 29_900,
      gstPaise: 5_382,
      notarialFeePaise: 20_000,
      extraSignatories: 1,
      extraSignatoryPaise: 5_000,
      totalPaise: 29_900 + 5_382 + 20_000 + 5_000,
    });
  });

  it('no extra fee while the signatories are within those included', () => {
    const example = exampleFee({ ...settings, includedSignatories: 4 }, { act: 'true_copy', signatories: 3 });
    expect(example.extraSignatories).toBe(0);
    expect(example.totalPaise).toBe(29_900 + 5_382 + 10_000);
  });
});
