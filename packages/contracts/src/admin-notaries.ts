import { z } from 'zod/mini';
import { applicationListItem } from './applications.ts';
import { notarialAct } from './pricing.ts';

/*
 * The console's notary page beyond the profile (issue 22, compliance): the notary's acts, availability history and
 * payout statement. Their register answers in the register's own shapes (registerQuery, registerResponse).
 */

/**
 * The fee lines collected for the notary (decision 0007: as a pure agent, outside GST): the notarial fee and the fee
 * per extra signatory, each the notary's fee for the act. The platform fee and its GST are Mohar's.
 */
export const NOTARY_FEE_LINE_CODES = ['notarial_fee', 'extra_signatories'] as const;

type FeeLines = { lines: ReadonlyArray<{ code: string; amountPaise: number }> };

/** The sum of a fee's lines with this code, in paise (0 when it has none). */
export const feeLineAmount = (fee: FeeLines, code: string) =>
  fee.lines.reduce((sum, line) => sum + (line.code === code ? line.amountPaise : 0), 0);

/** What the notary earns from one act: the lines of its fee that are theirs, in paise. */
export const notaryShareOf = (fee: FeeLines) =>
  [...NOTARY_FEE_LINE_CODES].reduce((sum, code) => sum + feeLineAmount(fee, code), 0);

/** GET /admin/notaries/:id/acts: the applications the notary took, newest first (the 20 newest) and how many. */
export const adminNotaryActsResponse = z.object({ items: z.array(applicationListItem), total: z.number() });
export type AdminNotaryActs = z.infer<typeof adminNotaryActsResponse>;

/** Who changed the notary's availability: they did, or Mohar took them offline (suspension, commission lapsed). */
export const AVAILABILITY_CAUSES = ['notary', 'suspension', 'commission_lapsed'] as const;
export type AvailabilityCause = (typeof AVAILABILITY_CAUSES)[number];

/** One change of availability, with the state it left: online or not, and the working hours (IST). */
export const notaryAvailabilityEvent = z.object({
  _id: z.string(),
  isOnline: z.boolean(),
  workingFrom: z.string(),
  workingTo: z.string(),
  cause: z.enum(AVAILABILITY_CAUSES),
  createdAt: z.string(),
});
export type NotaryAvailabilityEvent = z.infer<typeof notaryAvailabilityEvent>;

/** GET /admin/notaries/:id/availability: the 20 newest changes and how many there are. */
export const adminNotaryAvailabilityResponse = z.object({
  events: z.array(notaryAvailabilityEvent),
  total: z.number(),
});
export type AdminNotaryAvailability = z.infer<typeof adminNotaryAvailabilityResponse>;

const monthField = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM'));

/** GET /admin/notaries/:id/payouts: months of acts (IST), both ends included; default the last 12 months. */
export const adminNotaryPayoutsQuery = z.strictObject({
  from: z.optional(monthField),
  to: z.optional(monthField),
});
export type AdminNotaryPayoutsQuery = z.input<typeof adminNotaryPayoutsQuery>;

/** One completed act in the statement: the register's serial and date, and what of its fee is the notary's. */
export const payoutAct = z.object({
  serial: z.int(),
  actDate: z.string(),
  notarialAct: z.nullable(notarialAct),
  applicationId: z.nullable(z.string()),
  title: z.nullable(z.string()),
  notarialFeePaise: z.int(),
  extraSignatoriesPaise: z.int(),
  earnedPaise: z.int(),
});
export type PayoutAct = z.infer<typeof payoutAct>;

export const adminNotaryPayoutsResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** Months with acts, newest first, each with its acts (newest first) and their total. */
  months: z.array(z.object({ month: z.string(), totalPaise: z.int(), acts: z.array(payoutAct) })),
  totalPaise: z.int(),
});
export type AdminNotaryPayouts = z.infer<typeof adminNotaryPayoutsResponse>;
