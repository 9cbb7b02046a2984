import { z } from 'zod';

export const NOTARIAL_ACTS = ['attest_execution', 'affidavit_oath', 'true_copy', 'translation'] as const;
export const notarialAct = z.enum(NOTARIAL_ACTS);
export type NotarialAct = z.infer<typeof notarialAct>;

/** Fee settings in integer paise. GST applies to the platform fee only. */
export const pricingResponse = z.object({
  currency: z.literal('INR'),
  platformFeePaise: z.number().int().nonnegative(),
  gstRatePercent: z.number().nonnegative(),
  notarialFees: z.array(z.object({ act: notarialAct, feePaise: z.number().int().nonnegative() })),
  includedSignatories: z.number().int().positive(),
  extraSignatoryFeePaise: z.number().int().nonnegative(),
});
export type Pricing = z.infer<typeof pricingResponse>;
