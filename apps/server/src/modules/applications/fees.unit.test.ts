import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { computeFee, gstOn } from './fees.ts';

const settings = loadConfig({ NODE_ENV: 'test' }).fees;

describe('the fee', () => {
  it('is platform fee + 18% GST on it + the notarial fee, in exact paise', () => {
    const fee = computeFee({ settings, act: 'affidavit_oath', signatoryCount: 1, isFinal: false });
    expect(fee.lines.map((l) => [l.code, l.amountPaise])).toEqual([
      ['platform_fee', 29_900],
      ['gst', 5_382],
      ['notarial_fee', 20_000],
    ]);
    expect(fee.totalPaise).toBe(29_900 + 5_382 + 20_000);
    expect(fee.currency).toBe('INR');
    for (const line of fee.lines) expect(Number.isInteger(line.amountPaise)).toBe(true);
  });

  it('rounds GST to the nearest paisa, halves up', () => {
    expect(gstOn(25)).toBe(5); // 4.5 paise → 5
    expect(gstOn(24)).toBe(4); // 4.32 → 4
    expect(gstOn(36)).toBe(6); // 6.48 → 6
    expect(gstOn(375)).toBe(68); // 67.5 → 68
    expect(gstOn(29_900)).toBe(5_382);
    expect(gstOn(0)).toBe(0);
  });

  it('charges each signatory beyond those included, and nothing for the included ones', () => {
    const included = computeFee({ settings, act: 'true_copy', signatoryCount: 2, isFinal: true });
    expect(included.lines.some((l) => l.code === 'extra_signatories')).toBe(false);
    const six = computeFee({ settings, act: 'true_copy', signatoryCount: 6, isFinal: true });
    const extra = six.lines.find((l) => l.code === 'extra_signatories');
    expect(extra?.amountPaise).toBe(4 * 9_900);
    expect(extra?.label).toBe('Extra signatories (4 beyond the 2 included)');
    // What the web words the lines with in the reader's language (the label is English only).
    expect(extra?.params).toEqual({ extra: 4, included: 2 });
    expect(six.lines.find((l) => l.code === 'gst')?.params).toEqual({ rate: 18 });
    expect(six.lines.find((l) => l.code === 'notarial_fee')?.params).toEqual({ act: 'true_copy' });
    expect(six.totalPaise).toBe(included.totalPaise + 4 * 9_900);
  });

  it('uses the notarial fee set for the act', () => {
    const custom = loadConfig({
      NODE_ENV: 'test',
      FEE_NOTARIAL_PAISE: '15000',
      FEE_NOTARIAL_TRANSLATION_PAISE: '45000',
    }).fees;
    const translation = computeFee({
      settings: custom,
      act: 'translation',
      signatoryCount: 1,
      isFinal: false,
    });
    const oath = computeFee({ settings: custom, act: 'affidavit_oath', signatoryCount: 1, isFinal: false });
    expect(translation.lines.find((l) => l.code === 'notarial_fee')?.amountPaise).toBe(45_000);
    expect(oath.lines.find((l) => l.code === 'notarial_fee')?.amountPaise).toBe(15_000);
  });
});
