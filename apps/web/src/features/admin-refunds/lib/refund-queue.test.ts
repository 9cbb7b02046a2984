import type { Refund } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import {
  canDecide,
  REFUND_FILTERS,
  REFUNDS_PAGE_SIZE,
  refundQueueParams,
  refundQueueQuery,
  refundQueueStateOf,
  replaceRefund,
} from './refund-queue';

const refund = (overrides: Partial<Refund> = {}): Refund => ({
  _id: 'r1',
  applicationId: 'a1',
  applicationTitle: 'Rent agreement',
  clientName: 'Asha Rao',
  clientEmail: 'asha@example.com',
  amountPaise: 59_900,
  status: 'requested',
  reason: null,
  decisionReason: null,
  requestedAt: '2026-03-02T05:00:00.000Z',
  dueAt: '2026-03-09T05:00:00.000Z',
  decidedAt: null,
  isOverdue: false,
  ...overrides,
});

describe('refundQueueStateOf', () => {
  it('opens on the requests waiting for a decision', () => {
    expect(refundQueueStateOf(new URLSearchParams())).toEqual({ status: 'requested', page: 1 });
  });

  it('reads the status and page from the address bar', () => {
    expect(refundQueueStateOf(new URLSearchParams('status=all&page=2'))).toEqual({ status: 'all', page: 2 });
  });

  it('falls back to the open requests on page 1 for anything it does not know', () => {
    expect(refundQueueStateOf(new URLSearchParams('status=paid&page=0'))).toEqual({
      status: 'requested',
      page: 1,
    });
    expect(refundQueueStateOf(new URLSearchParams('page=2.5')).page).toBe(1);
  });
});

describe('refundQueueParams', () => {
  it('leaves the defaults out', () => {
    expect(refundQueueParams({ status: 'requested', page: 1 }).toString()).toBe('');
  });

  it('round-trips every filter through the address bar', () => {
    for (const status of REFUND_FILTERS) {
      const state = { status, page: 3 };
      expect(refundQueueStateOf(refundQueueParams(state))).toEqual(state);
    }
  });
});

describe('refundQueueQuery', () => {
  it('sends no status for "all"', () => {
    expect(refundQueueQuery({ status: 'all', page: 1 })).toEqual({ page: 1, pageSize: REFUNDS_PAGE_SIZE });
    expect(refundQueueQuery({ status: 'rejected', page: 2 })).toEqual({
      status: 'rejected',
      page: 2,
      pageSize: REFUNDS_PAGE_SIZE,
    });
  });
});

describe('decisions', () => {
  it('only a request still waiting can be decided', () => {
    expect(canDecide(refund())).toBe(true);
    expect(canDecide(refund({ status: 'approved' }))).toBe(false);
    expect(canDecide(refund({ status: 'rejected' }))).toBe(false);
  });

  it('a decided refund replaces its row and leaves the others alone', () => {
    const other = refund({ _id: 'r2' });
    const page = { refunds: [refund(), other], total: 2 };
    const approved = refund({ status: 'approved', decidedAt: '2026-03-03T05:00:00.000Z' });
    const next = replaceRefund(page, approved);
    expect(next.refunds).toEqual([approved, other]);
    expect(next.total).toBe(2);
    expect(replaceRefund(page, refund({ _id: 'elsewhere' }))).toBe(page);
  });
});
