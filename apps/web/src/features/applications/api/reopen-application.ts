import type { applicationResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onApplicationChanged, onApplicationChangeFailed } from './application-cache';

/** POST /applications/:id/reopen — awaiting payment back to draft, to change it before paying. */
export const reopenApplication = async (id: string) =>
  (await api.post<typeof applicationResponse>(`/applications/${encodeURIComponent(id)}/reopen`, {}))
    .application;

export function useReopenApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reopenApplication(id),
    onSuccess: (application) => onApplicationChanged(queryClient, application),
    onError: (error) => onApplicationChangeFailed({ queryClient, id, error }),
  });
}
