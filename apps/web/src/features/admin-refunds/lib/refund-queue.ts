import { type AdminRefundListQuery, REFUND_STATUSES, type Refund } from '@mohar/contracts';

/** Requests per page. */
export const REFUNDS_PAGE_SIZE = 20;

/** The status filter: the open requests first (what needs a decision), then each outcome, then everything. */
export const REFUND_FILTERS = [...REFUND_STATUSES, 'all'] as const;
export type RefundFilter = (typeof REFUND_FILTERS)[number];

export type RefundQueueState = { status: RefundFilter; page: number };

/** The queue's state from the address bar; anything unknown falls back to the open requests, page 1. */
export function refundQueueStateOf(params: URLSearchParams): RefundQueueState {
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  return {
    status: (REFUND_FILTERS as readonly string[]).includes(status ?? '')
      ? (status as RefundFilter)
      : 'requested',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address bar for a state (the defaults are left out). */
export function refundQueueParams(state: RefundQueueState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status !== 'requested') params.set('status', state.status);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query for a state ("all" sends no status); also its cache key. */
export function refundQueueQuery(state: RefundQueueState): AdminRefundListQuery {
  return {
    ...(state.status === 'all' ? {} : { status: state.status }),
    page: state.page,
    pageSize: REFUNDS_PAGE_SIZE,
  };
}

/** Only a request still waiting can be approved or rejected; a decision is final. */
export const canDecide = (refund: Pick<Refund, 'status'>) => refund.status === 'requested';

/** A decided refund replaces its row in a cached page, so its buttons go at once (before the list is re-read). */
export function replaceRefund<T extends { refunds: Refund[] }>(page: T, refund: Refund): T {
  if (!page.refunds.some((item) => item._id === refund._id)) return page;
  return { ...page, refunds: page.refunds.map((item) => (item._id === refund._id ? refund : item)) };
}
