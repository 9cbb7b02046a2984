import { notaryDecisionRequest, type notaryProfileResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onDecided, onDecisionFailed } from './decision-cache';

export { notaryDecisionRequest };

/** POST /admin/notaries/:id/reject — pending → rejected, with a reason the notary is e-mailed. */
export const rejectNotary = async (options: { id: string; reason: string }) =>
  (
    await api.post<typeof notaryProfileResponse>(`/admin/notaries/${encodeURIComponent(options.id)}/reject`, {
      reason: options.reason,
    })
  ).notary;

export function useRejectNotary(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => rejectNotary({ id, reason }),
    onSuccess: (notary) => onDecided(queryClient, notary),
    onError: (error) => onDecisionFailed({ queryClient, id, error }),
  });
}
