import type { applicationResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applicationPaymentQueryKey } from '@/lib/query-keys';
import { onApplicationChanged, onApplicationChangeFailed } from './application-cache';

/** POST /admin/applications/:id/fail — an admin records a technical failure; the client may then ask for a refund. */
export const markApplicationFailed = async (options: { id: string; reason: string }) =>
  (
    await api.post<typeof applicationResponse>(`/admin/applications/${encodeURIComponent(options.id)}/fail`, {
      reason: options.reason,
    })
  ).application;

export function useMarkApplicationFailed(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => markApplicationFailed({ id, reason }),
    onSuccess: (application) => {
      onApplicationChanged(queryClient, application);
      // A failed application becomes refundable: the payment panel's refund part changes.
      void queryClient.invalidateQueries({ queryKey: applicationPaymentQueryKey(id) });
    },
    onError: (error) => onApplicationChangeFailed({ queryClient, id, error }),
  });
}
