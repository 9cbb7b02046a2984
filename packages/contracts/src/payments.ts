import { z } from 'zod/mini';
import { feeBreakdown } from './applications.ts';
import { pageQuery } from './notaries.ts';

/** Payments, the wallet, receipts and refunds (issue 6). All amounts are integer paise. */

const paise = z.int().check(z.nonnegative());

// ── Checkout ────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The payer says how much of their wallet to use (what they saw on screen); the server computes the rest and
 * refuses when the balance has changed underneath, so nobody pays an amount they did not confirm.
 */
export const checkoutRequest = z.strictObject({
  walletPaise: z.optional(paise),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

export const PAYMENT_STATUSES = ['created', 'paid', 'failed', 'superseded', 'credited_to_wallet'] as const;
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const receiptSummary = z.object({
  /** Gap-free per financial year, e.g. MOH/2026-27/000123 (the notarial register's receipt column). */
  serial: z.string(),
  issuedAt: z.string(),
  totalPaise: paise,
});
export type ReceiptSummary = z.infer<typeof receiptSummary>;

export const payment = z.object({
  _id: z.string(),
  provider: z.enum(['wallet', 'sandbox', 'razorpay', 'organisation_wallet', 'plan']),
  status: paymentStatus,
  amountPaise: paise,
  walletPaise: paise,
  gatewayPaise: paise,
  orderId: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
  receipt: z.nullable(receiptSummary),
});
export type Payment = z.infer<typeof payment>;

/** What the browser does next: nothing (paid), open the sandbox checkout page, or open Razorpay Checkout. */
export const checkoutNext = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('paid') }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({
    kind: z.literal('razorpay'),
    keyId: z.string(),
    orderId: z.string(),
    amountPaise: paise,
    currency: z.literal('INR'),
    name: z.string(),
    description: z.string(),
    prefill: z.object({ name: z.string(), email: z.string() }),
  }),
]);
export type CheckoutNext = z.infer<typeof checkoutNext>;

export const checkoutResponse = z.object({ payment, next: checkoutNext });
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** Exactly the fields Razorpay Checkout hands its success handler (and the sandbox produces the same). */
export const paymentVerifyRequest = z.strictObject({
  razorpay_order_id: z.string().check(z.minLength(1), z.maxLength(64)),
  razorpay_payment_id: z.string().check(z.minLength(1), z.maxLength(64)),
  razorpay_signature: z.string().check(z.regex(/^[0-9a-f]{64}$/i, 'Invalid signature')),
});
export type PaymentVerifyRequest = z.infer<typeof paymentVerifyRequest>;

export const paymentVerifyResponse = z.object({ payment, applicationId: z.string() });
export const paymentResponse = z.object({ payment });

/** The payer closed the gateway or it reported a failure: the order is given up (any wallet reservation comes back). */
export const abandonPaymentRequest = z.strictObject({
  reason: z.optional(z.string().check(z.trim(), z.maxLength(300))),
});

// ── Refunds ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export const REFUND_STATUSES = ['requested', 'approved', 'rejected'] as const;
export const refundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatus>;

export const refundRequestBody = z.strictObject({
  reason: z.optional(z.string().check(z.trim(), z.maxLength(1000, 'Keep the reason under 1000 characters'))),
});
export type RefundRequestBody = z.infer<typeof refundRequestBody>;

export const refund = z.object({
  _id: z.string(),
  applicationId: z.string(),
  applicationTitle: z.nullable(z.string()),
  clientName: z.string(),
  clientEmail: z.string(),
  amountPaise: paise,
  status: refundStatus,
  reason: z.nullable(z.string()),
  decisionReason: z.nullable(z.string()),
  requestedAt: z.string(),
  /** 5 business days after the request was accepted into the queue (weekends and configured holidays skipped). */
  dueAt: z.string(),
  decidedAt: z.nullable(z.string()),
  /** Still waiting after its due date. */
  isOverdue: z.boolean(),
});
export type Refund = z.infer<typeof refund>;
export const refundResponse = z.object({ refund });

/** Why a refund can or cannot be asked for now; the button shows `reason` when it cannot. */
export const refundEligibility = z.object({
  allowed: z.boolean(),
  reason: z.nullable(z.string()),
  /** The last moment to ask (5 days after the failure, rejection or platform cancellation). */
  deadline: z.nullable(z.string()),
  amountPaise: paise,
});
export type RefundEligibility = z.infer<typeof refundEligibility>;

/** GET /applications/:id/payment: everything money-related about one application. */
export const applicationPaymentResponse = z.object({
  fee: feeBreakdown,
  /** Paid in full? ('unpaid' while awaiting payment or before.) */
  state: z.enum(['unpaid', 'paid', 'refunded']),
  paidPaise: paise,
  refundedPaise: paise,
  /** The owner's wallet balance (for the checkout); null for other viewers. */
  walletBalancePaise: z.nullable(paise),
  payments: z.array(payment),
  refund: z.nullable(refund),
  /** Only for the owner; null for other viewers. */
  refundEligibility: z.nullable(refundEligibility),
  provider: z.enum(['sandbox', 'razorpay']),
});
export type ApplicationPayment = z.infer<typeof applicationPaymentResponse>;

export const adminRefundListQuery = z.strictObject({
  status: z.optional(refundStatus),
  ...pageQuery,
});
export type AdminRefundListQuery = z.input<typeof adminRefundListQuery>;
export const adminRefundListResponse = z.object({
  refunds: z.array(refund),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
  /** Requests waiting past their due date (for the badge), whatever the filter. */
  overdueCount: z.number(),
});
export type AdminRefundListResponse = z.infer<typeof adminRefundListResponse>;

export const rejectRefundRequest = z.strictObject({
  reason: z
    .string({ message: 'Give the client a reason' })
    .check(
      z.trim(),
      z.minLength(5, 'Give the client a reason (at least 5 characters)'),
      z.maxLength(1000, 'Keep the reason under 1000 characters'),
    ),
});

/** An admin marks an application failed (a technical failure); its client may then ask for a refund. */
export const failApplicationRequest = z.strictObject({
  reason: z
    .string({ message: 'Say what went wrong' })
    .check(
      z.trim(),
      z.minLength(5, 'Say what went wrong (at least 5 characters)'),
      z.maxLength(1000, 'Keep the reason under 1000 characters'),
    ),
});

// ── Wallet ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** payment: wallet money paid a fee (or was set aside for a gateway payment); release: it came back unused. */
/** `adjustment`: a finance admin's correction with a reason (decision 0058), in either direction. */
export const WALLET_TRANSACTION_TYPES = ['payment', 'release', 'refund', 'credit', 'adjustment'] as const;
export const walletTransactionType = z.enum(WALLET_TRANSACTION_TYPES);
export type WalletTransactionType = z.infer<typeof walletTransactionType>;

export const walletTransaction = z.object({
  _id: z.string(),
  type: walletTransactionType,
  /** Signed: money in is positive, money out negative. */
  amountPaise: z.int(),
  description: z.string(),
  applicationId: z.nullable(z.string()),
  applicationTitle: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const walletResponse = z.object({ balancePaise: paise });
export type WalletSummary = z.infer<typeof walletResponse>;

export const walletTransactionsQuery = z.strictObject({
  type: z.optional(walletTransactionType),
  ...pageQuery,
});
export type WalletTransactionsQuery = z.input<typeof walletTransactionsQuery>;
export const walletTransactionsResponse = z.object({
  transactions: z.array(walletTransaction),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export type WalletTransactionsResponse = z.infer<typeof walletTransactionsResponse>;

/**
 * Refund approvals above this amount ask an admin whose last proof is over 5 minutes old for their password again
 * (decision 0058; issue 22 "refunds above a threshold"). ₹500: a whole standard fee (₹299 + GST + ₹200 notarial fee)
 * is above it; a part refund of a fee line is not.
 */
export const REFUND_STEP_UP_THRESHOLD_PAISE = 50_000;

// ── Fee settings (admin) ────────────────────────────────────────────────────────────────────────────────────────────

const settingPaise = z.int().check(z.nonnegative('Enter an amount of zero or more'), z.maximum(10_000_000));

export const feeSettingsInput = z.strictObject({
  platformFeePaise: settingPaise,
  notarialFees: z.strictObject({
    attest_execution: settingPaise,
    affidavit_oath: settingPaise,
    true_copy: settingPaise,
    translation: settingPaise,
  }),
  extraSignatoryFeePaise: settingPaise,
  includedSignatories: z.int().check(z.minimum(1), z.maximum(6)),
  gstRatePercent: z.int().check(z.minimum(0), z.maximum(28)),
});
export type FeeSettingsInput = z.infer<typeof feeSettingsInput>;

export const feeSettingsVersion = z.object({
  ...feeSettingsInput.shape,
  _id: z.string(),
  changedAt: z.string(),
  /** Null for the defaults the platform started with. */
  changedBy: z.nullable(z.string()),
});
export type FeeSettingsVersion = z.infer<typeof feeSettingsVersion>;
export const feeSettingsResponse = z.object({
  current: feeSettingsVersion,
  history: z.array(feeSettingsVersion),
});
export type FeeSettingsResponse = z.infer<typeof feeSettingsResponse>;

/** Sandbox checkout page: what the pretend gateway shows. */
export const sandboxOrderResponse = z.object({
  orderId: z.string(),
  amountPaise: paise,
  applicationId: z.string(),
  applicationTitle: z.nullable(z.string()),
  merchant: z.string(),
  status: paymentStatus,
});
export type SandboxOrder = z.infer<typeof sandboxOrderResponse>;
export const sandboxCompleteRequest = z.strictObject({ outcome: z.enum(['success', 'failure']) });
/** Success: the Razorpay handler fields; failure: Razorpay's failure shape (unsigned, as there). */
export const sandboxCompleteResponse = z.union([
  z.object({
    razorpay_order_id: z.string(),
    razorpay_payment_id: z.string(),
    razorpay_signature: z.string(),
  }),
  z.object({
    error: z.object({
      code: z.string(),
      description: z.string(),
      reason: z.string(),
      metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
    }),
  }),
]);
export type SandboxCompleteResponse = z.infer<typeof sandboxCompleteResponse>;
