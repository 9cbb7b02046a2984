import type { notaryProfileResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onDecided, onDecisionFailed } from './decision-cache';

/** POST /admin/notaries/:id/reinstate — suspended → verified. */
export const reinstateNotary = async (id: string) =>
  (await api.post<typeof notaryProfileResponse>(`/admin/notaries/${encodeURIComponent(id)}/reinstate`, {}))
    .notary;

export function useReinstateNotary(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reinstateNotary(id),
    onSuccess: (notary) => onDecided(queryClient, notary),
    onError: (error) => onDecisionFailed({ queryClient, id, error }),
  });
}
