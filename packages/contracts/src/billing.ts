import { z } from 'zod/mini';
import { recordId } from './common.ts';

/**
 * Plans, the trial ("Unpaid Access"), subscriptions and monthly GST invoices of organisations (issue 25, decision
 * 0073). Amounts are integer paise; months are IST calendar months written `YYYY-MM`.
 */

/**
 * The trial every organisation starts with: Unpaid Access in the terms. It ends at the first of these limits, or
 * when a paid subscription starts. The one place these numbers live (server checks, web texts).
 */
export const TRIAL_LIMITS = { notarisations: 3, days: 14 } as const;

/** GST on plan fees and usage: 18 %, as CGST 9 % + SGST 9 % within the platform's state, IGST 18 % across states. */
export const BILLING_GST_RATE_PERCENT = 18;

const planPaise = z.int().check(z.nonnegative('Enter an amount of zero or more'), z.maximum(100_000_000));

export const PLAN_CODE_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;
export const planInput = z.strictObject({
  /** Stable across versions: a new version of a plan keeps its code. */
  code: z
    .string()
    .check(
      z.regex(
        PLAN_CODE_PATTERN,
        'Use 2 to 40 lower-case letters, digits and hyphens, starting with a letter',
      ),
    ),
  name: z
    .string({ message: 'Enter the plan name' })
    .check(z.trim(), z.minLength(2, 'Enter the plan name'), z.maxLength(80, 'The plan name is too long')),
  monthlyPaise: planPaise,
  includedNotarisations: z.int().check(z.minimum(0), z.maximum(100_000)),
  /** Each notarisation beyond the included ones in a month. */
  overagePaise: planPaise,
  /** A retired plan takes no new subscribers; its subscribers keep it. */
  active: z.boolean(),
});
export type PlanInput = z.infer<typeof planInput>;

export const planVersion = z.object({
  ...planInput.shape,
  _id: z.string(),
  changedAt: z.string(),
  changedBy: z.nullable(z.string()),
});
export type PlanVersion = z.infer<typeof planVersion>;

export const adminPlansResponse = z.object({
  /** The version in force of each plan. */
  plans: z.array(planVersion),
  /** Every version of every plan, newest first. */
  history: z.array(planVersion),
});
export type AdminPlansResponse = z.infer<typeof adminPlansResponse>;

export const SUBSCRIPTION_STATUSES = ['trial', 'trial_over', 'pending', 'active', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const billingOverview = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  trial: z.object({
    startedAt: z.string(),
    endsAt: z.string(),
    used: z.int(),
    limit: z.int(),
    /** When a paid subscription started it (null while it lasts or after it ran out). */
    endedAt: z.nullable(z.string()),
  }),
  plan: z.nullable(planVersion),
  /** The plan waiting for the provider's confirmation (status `pending`). */
  pendingPlan: z.nullable(planVersion),
  month: z.object({ month: z.string(), used: z.int(), included: z.int() }),
  plans: z.array(planVersion),
  canManage: z.boolean(),
});
export type BillingOverview = z.infer<typeof billingOverview>;

export const subscribeRequest = z.strictObject({ planCode: z.string().check(z.regex(PLAN_CODE_PATTERN)) });
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

export const subscribeResponse = z.object({
  overview: billingOverview,
  /** Active at once (the sandbox), or the provider's page where the payer authorises the mandate. */
  next: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('active') }),
    z.object({ kind: z.literal('redirect'), url: z.string() }),
  ]),
});
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

export const invoiceLine = z.object({
  code: z.enum(['plan', 'usage']),
  label: z.string(),
  quantity: z.int(),
  unitPaise: z.int(),
  amountPaise: z.int(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const organisationInvoice = z.object({
  _id: z.string(),
  number: z.string(),
  month: z.string(),
  issuedAt: z.string(),
  lines: z.array(invoiceLine),
  taxablePaise: z.int(),
  cgstPaise: z.int(),
  sgstPaise: z.int(),
  igstPaise: z.int(),
  totalPaise: z.int(),
  supply: z.enum(['intra_state', 'inter_state']),
  placeOfSupply: z.string(),
});
export type OrganisationInvoice = z.infer<typeof organisationInvoice>;
export const organisationInvoicesResponse = z.object({ invoices: z.array(organisationInvoice) });

export const organisationInvoiceParams = z.strictObject({ id: recordId, invoiceId: recordId });

/** Paying an organisation's application without the card checkout. */
export const ORGANISATION_PAYMENT_SOURCES = ['organisation_wallet', 'plan'] as const;
export type OrganisationPaymentSource = (typeof ORGANISATION_PAYMENT_SOURCES)[number];
export const organisationPaymentRequest = z.strictObject({
  source: z.enum(ORGANISATION_PAYMENT_SOURCES),
});
export type OrganisationPaymentRequest = z.infer<typeof organisationPaymentRequest>;

/** What the checkout step offers an organisation's application. */
export const organisationPaymentOptions = z.object({
  organisationId: z.string(),
  feePaise: z.int(),
  /** Whether the organisation wallet covers the fee; its balance only for owners and admins. */
  wallet: z.object({ covers: z.boolean(), balancePaise: z.nullable(z.int()) }),
  plan: z.object({
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** Null when the plan can cover it; otherwise the reason (an error code). */
    refusal: z.nullable(z.string()),
    remaining: z.int(),
  }),
});
export type OrganisationPaymentOptions = z.infer<typeof organisationPaymentOptions>;
