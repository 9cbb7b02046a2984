import type { refundResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onRefundDecided, onRefundDecisionFailed } from './decision-cache';

/** POST /admin/refunds/:id/reject — with the reason the client is told. */
export const rejectRefund = async (options: { id: string; reason: string }) =>
  (
    await api.post<typeof refundResponse>(`/admin/refunds/${encodeURIComponent(options.id)}/reject`, {
      reason: options.reason,
    })
  ).refund;

export function useRejectRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectRefund,
    onSuccess: (refund) => onRefundDecided(queryClient, refund),
    onError: (error) => onRefundDecisionFailed(queryClient, error),
  });
}
