import type { ApplicationPayment, Payment, PaymentStatus, RefundStatus } from '@mohar/contracts';

/** Newest attempt first (by when it was made). */
export const paymentsNewestFirst = (payments: readonly Payment[]): Payment[] =>
  [...payments].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

export const PAYMENT_STATUS_COLOURS: Record<PaymentStatus, string> = {
  created: 'yellow',
  paid: 'green',
  failed: 'red',
  superseded: 'gray',
  credited_to_wallet: 'ink',
};

export const REFUND_STATUS_COLOURS: Record<RefundStatus, string> = {
  requested: 'yellow',
  approved: 'green',
  rejected: 'red',
};

/** A saved invoice's file name from its receipt serial: MOH/2026-27/000123 → Mohar-invoice-MOH-2026-27-000123.pdf. */
export function invoiceFileName(serial: string): string {
  const base = serial
    .replace(/[^\w-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `Mohar-invoice-${base || 'receipt'}.pdf`;
}

export type RefundRequestState =
  | { kind: 'hidden' }
  | { kind: 'allowed'; amountPaise: number; deadline: string | null }
  | { kind: 'not_allowed'; reason: string | null };

/**
 * Whether the owner sees "Request a refund", and whether it can be pressed. Hidden for other viewers (no
 * eligibility), while a request is open or was approved, and before anything was paid (a disabled button on an
 * unpaid application would only be noise). A rejected request may be followed by another if the server allows it.
 */
export function refundRequestStateOf(
  payment: Pick<ApplicationPayment, 'refundEligibility' | 'refund' | 'paidPaise'>,
): RefundRequestState {
  const { refundEligibility: eligibility, refund } = payment;
  if (!eligibility) return { kind: 'hidden' };
  if (refund && refund.status !== 'rejected') return { kind: 'hidden' };
  if (eligibility.allowed)
    return { kind: 'allowed', amountPaise: eligibility.amountPaise, deadline: eligibility.deadline };
  if (payment.paidPaise === 0) return { kind: 'hidden' };
  return { kind: 'not_allowed', reason: eligibility.reason };
}

/** Whether the payment section has anything to say (else the fee section alone speaks for the application). */
export function hasPaymentDetails(
  payment: Pick<ApplicationPayment, 'payments' | 'refund' | 'refundEligibility' | 'paidPaise'>,
): boolean {
  return (
    payment.payments.length > 0 || payment.refund !== null || refundRequestStateOf(payment).kind !== 'hidden'
  );
}
