import type { adminRefundListResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type RefundQueueState, refundQueueQuery } from '../lib/refund-queue';

export const ADMIN_REFUND_LISTS_QUERY_KEY = ['admin', 'refunds', 'list'] as const;

/** GET /admin/refunds — requests by status (open ones first by due date, overdue flagged), a page at a time. */
export function getAdminRefunds(state: RefundQueueState, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(refundQueueQuery(state))) params.set(key, String(value));
  return api.get<typeof adminRefundListResponse>(`/admin/refunds?${params.toString()}`, signal);
}

export const adminRefundsQueryOptions = (state: RefundQueueState) =>
  queryOptions({
    queryKey: [...ADMIN_REFUND_LISTS_QUERY_KEY, refundQueueQuery(state)],
    queryFn: ({ signal }) => getAdminRefunds(state, signal),
    placeholderData: keepPreviousData,
    // Another admin may decide a request at any time: re-read whenever the queue is opened.
    staleTime: 0,
  });

export const useAdminRefunds = (state: RefundQueueState) => useQuery(adminRefundsQueryOptions(state));
