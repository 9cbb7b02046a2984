import { z } from 'zod/mini';

export const NOTARIAL_ACTS = ['attest_execution', 'affidavit_oath', 'true_copy', 'translation'] as const;
export const notarialAct = z.enum(NOTARIAL_ACTS);
export type NotarialAct = z.infer<typeof notarialAct>;

const paise = z.int().check(z.nonnegative());

/** Fee settings in integer paise. GST applies to the platform fee only. */
export const pricingResponse = z.object({
  currency: z.literal('INR'),
  platformFeePaise: paise,
  gstRatePercent: z.number().check(z.nonnegative()),
  notarialFees: z.array(z.object({ act: notarialAct, feePaise: paise })),
  includedSignatories: z.int().check(z.positive()),
  extraSignatoryFeePaise: paise,
});
export type Pricing = z.infer<typeof pricingResponse>;
