import { PAYMENT_ERROR_CODES, type refundResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-errors';
import { applicationPaymentQueryKey } from '@/lib/query-keys';
import { refreshAfterPayment } from './payment-cache';

/** POST /applications/:id/refund-requests — the owner asks for the fee back (to their Mohar wallet). */
export const requestRefund = async (options: { id: string; reason: string }) => {
  const reason = options.reason.trim();
  return (
    await api.post<typeof refundResponse>(
      `/applications/${encodeURIComponent(options.id)}/refund-requests`,
      reason ? { reason } : {},
    )
  ).refund;
};

export function useRequestRefund(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => requestRefund({ id, reason }),
    onSuccess: () => refreshAfterPayment(queryClient, id),
    // Refused because things changed (a deadline passed, a request already made): show them as they now are.
    onError: (error) => {
      if (hasErrorCode(error, PAYMENT_ERROR_CODES.refundNotAllowed))
        void queryClient.invalidateQueries({ queryKey: applicationPaymentQueryKey(id) });
    },
  });
}
