import { type AdminRefundListResponse, PAYMENT_ERROR_CODES, type Refund } from '@mohar/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { hasErrorCode } from '@/lib/api-errors';
import { replaceRefund } from '../lib/refund-queue';
import { ADMIN_REFUND_LISTS_QUERY_KEY } from './get-admin-refunds';

/**
 * A decision: the row shows its outcome at once (so its buttons go and cannot be pressed again), then every page of
 * the queue is re-read (the request leaves the "Requested" filter, the overdue count changes).
 */
export function onRefundDecided(queryClient: QueryClient, refund: Refund) {
  queryClient.setQueriesData<AdminRefundListResponse>({ queryKey: ADMIN_REFUND_LISTS_QUERY_KEY }, (page) =>
    page ? replaceRefund(page, refund) : page,
  );
  void queryClient.invalidateQueries({ queryKey: ADMIN_REFUND_LISTS_QUERY_KEY });
}

/** Refused because another admin decided first: show the queue as it now is. */
export function onRefundDecisionFailed(queryClient: QueryClient, error: unknown) {
  if (
    hasErrorCode(error, PAYMENT_ERROR_CODES.refundDecided) ||
    hasErrorCode(error, PAYMENT_ERROR_CODES.refundNotFound)
  )
    void queryClient.invalidateQueries({ queryKey: ADMIN_REFUND_LISTS_QUERY_KEY });
}
