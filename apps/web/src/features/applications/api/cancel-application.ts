import type { applicationResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onApplicationChanged, onApplicationChangeFailed } from './application-cache';

/** POST /applications/:id/cancel — before the session starts; the optional reason goes into the history. */
export const cancelApplication = async (options: { id: string; reason: string }) => {
  const reason = options.reason.trim();
  return (
    await api.post<typeof applicationResponse>(
      `/applications/${encodeURIComponent(options.id)}/cancel`,
      reason ? { reason } : {},
    )
  ).application;
};

export function useCancelApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelApplication({ id, reason }),
    onSuccess: (application) => onApplicationChanged(queryClient, application),
    onError: (error) => onApplicationChangeFailed({ queryClient, id, error }),
  });
}
