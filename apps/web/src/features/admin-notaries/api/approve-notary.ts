import type { notaryProfileResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onDecided, onDecisionFailed } from './decision-cache';

/** POST /admin/notaries/:id/approve — pending → verified. */
export const approveNotary = async (id: string) =>
  (await api.post<typeof notaryProfileResponse>(`/admin/notaries/${encodeURIComponent(id)}/approve`, {}))
    .notary;

export function useApproveNotary(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => approveNotary(id),
    onSuccess: (notary) => onDecided(queryClient, notary),
    onError: (error) => onDecisionFailed({ queryClient, id, error }),
  });
}
