import { notaryDecisionRequest, type notaryProfileResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onDecided, onDecisionFailed } from './decision-cache';

export { notaryDecisionRequest };

/** POST /admin/notaries/:id/suspend — verified → suspended, with a reason the notary is e-mailed. */
export const suspendNotary = async (options: { id: string; reason: string }) =>
  (
    await api.post<typeof notaryProfileResponse>(
      `/admin/notaries/${encodeURIComponent(options.id)}/suspend`,
      { reason: options.reason },
    )
  ).notary;

export function useSuspendNotary(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => suspendNotary({ id, reason }),
    onSuccess: (notary) => onDecided(queryClient, notary),
    onError: (error) => onDecisionFailed({ queryClient, id, error }),
  });
}
