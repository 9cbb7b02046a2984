import type { refundResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withStepUp } from '@/lib/step-up';
import { onRefundDecided, onRefundDecisionFailed } from './decision-cache';

/** POST /admin/refunds/:id/approve — credits the client's wallet (idempotent on the server: twice credits once). */
export const approveRefund = async (id: string) =>
  (await api.post<typeof refundResponse>(`/admin/refunds/${encodeURIComponent(id)}/approve`, {})).refund;

export function useApproveRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    // Approving may ask the admin to confirm it is them first (step-up, decision 0054).
    mutationFn: (id: string) => withStepUp(() => approveRefund(id)),
    onSuccess: (refund) => onRefundDecided(queryClient, refund),
    onError: (error) => onRefundDecisionFailed(queryClient, error),
  });
}
