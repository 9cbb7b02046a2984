import { describe, expect, it } from 'vitest';
import { feeLegs } from './ledger.ts';

describe('where each rupee of a paid fee goes (decision 0007)', () => {
  it('the notarial fee and the fee per extra signatory are payable to notaries; GST to the government; the platform fee is revenue', () => {
    const legs = feeLegs([
      { code: 'platform_fee', amountPaise: 49_900 },
      { code: 'gst', amountPaise: 8_982 },
      { code: 'notarial_fee', amountPaise: 20_000 },
      { code: 'extra_signatories', amountPaise: 9_900 },
    ]);
    expect(Object.fromEntries(legs.map((leg) => [leg.account, leg.amountPaise]))).toEqual({
      platform_revenue: 49_900,
      gst_payable: 8_982,
      notarial_fees_payable: 29_900,
    });
  });
});
