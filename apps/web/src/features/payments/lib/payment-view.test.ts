import type { ApplicationPayment, Payment, Refund, RefundEligibility } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import {
  hasPaymentDetails,
  invoiceFileName,
  paymentsNewestFirst,
  refundRequestStateOf,
} from './payment-view';

const payment = (overrides: Partial<Payment>): Payment => ({
  _id: 'p1',
  provider: 'sandbox',
  status: 'paid',
  amountPaise: 118_000,
  walletPaise: 0,
  gatewayPaise: 118_000,
  orderId: 'order_1',
  createdAt: '2026-05-01T10:00:00.000Z',
  paidAt: '2026-05-01T10:01:00.000Z',
  failureReason: null,
  receipt: null,
  ...overrides,
});

const refund = (status: Refund['status']): Refund => ({
  _id: 'r1',
  applicationId: 'a1',
  applicationTitle: 'Rent agreement',
  clientName: 'Asha',
  clientEmail: 'asha@example.com',
  amountPaise: 118_000,
  status,
  reason: null,
  decisionReason: status === 'rejected' ? 'The session took place' : null,
  requestedAt: '2026-05-02T10:00:00.000Z',
  dueAt: '2026-05-09T10:00:00.000Z',
  decidedAt: status === 'requested' ? null : '2026-05-03T10:00:00.000Z',
  isOverdue: false,
});

const allowed: RefundEligibility = {
  allowed: true,
  reason: null,
  deadline: '2026-05-06T10:00:00.000Z',
  amountPaise: 118_000,
};
const refused: RefundEligibility = {
  allowed: false,
  reason: 'Refunds can be asked for once an application fails.',
  deadline: null,
  amountPaise: 0,
};

type State = Pick<ApplicationPayment, 'payments' | 'refund' | 'refundEligibility' | 'paidPaise'>;
const state = (overrides: Partial<State>): State => ({
  payments: [],
  refund: null,
  refundEligibility: null,
  paidPaise: 0,
  ...overrides,
});

describe('payments list', () => {
  it('shows the newest attempt first', () => {
    const older = payment({ _id: 'old', createdAt: '2026-05-01T09:00:00.000Z' });
    const newer = payment({ _id: 'new', createdAt: '2026-05-01T11:00:00.000Z' });
    expect(paymentsNewestFirst([older, newer]).map((p) => p._id)).toEqual(['new', 'old']);
  });
});

describe('invoice file names', () => {
  it('keep the receipt serial, in characters every file system accepts', () => {
    expect(invoiceFileName('MOH/2026-27/000123')).toBe('Mohar-invoice-MOH-2026-27-000123.pdf');
    expect(invoiceFileName('//')).toBe('Mohar-invoice-receipt.pdf');
  });
});

describe('the refund button', () => {
  it('is offered with the amount and the deadline when the server allows it', () => {
    expect(refundRequestStateOf(state({ refundEligibility: allowed, paidPaise: 118_000 }))).toEqual({
      kind: 'allowed',
      amountPaise: 118_000,
      deadline: '2026-05-06T10:00:00.000Z',
    });
  });
  it('is disabled with the server’s reason once something was paid', () => {
    expect(refundRequestStateOf(state({ refundEligibility: refused, paidPaise: 118_000 }))).toEqual({
      kind: 'not_allowed',
      reason: 'Refunds can be asked for once an application fails.',
    });
  });
  it('is not shown before anything was paid, to other viewers, or while a request is open or approved', () => {
    expect(refundRequestStateOf(state({ refundEligibility: refused })).kind).toBe('hidden');
    expect(refundRequestStateOf(state({ paidPaise: 118_000 })).kind).toBe('hidden');
    for (const status of ['requested', 'approved'] as const)
      expect(
        refundRequestStateOf(
          state({ refundEligibility: allowed, paidPaise: 118_000, refund: refund(status) }),
        ).kind,
      ).toBe('hidden');
  });
  it('may be offered again after a rejection, if the server allows it', () => {
    expect(
      refundRequestStateOf(
        state({ refundEligibility: allowed, paidPaise: 118_000, refund: refund('rejected') }),
      ).kind,
    ).toBe('allowed');
  });
});

describe('the payment section', () => {
  it('has nothing to say for an unpaid application without attempts', () => {
    expect(hasPaymentDetails(state({ refundEligibility: refused }))).toBe(false);
  });
  it('speaks once there is an attempt, a refund or a refund to ask for', () => {
    expect(hasPaymentDetails(state({ payments: [payment({ status: 'failed' })] }))).toBe(true);
    expect(hasPaymentDetails(state({ refund: refund('requested') }))).toBe(true);
    expect(hasPaymentDetails(state({ refundEligibility: allowed, paidPaise: 118_000 }))).toBe(true);
  });
});
