import type { messageResponse } from '@mohar/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { APPLICATIONS_QUERY_KEY, applicationQueryKey } from '@/lib/query-keys';
import { onApplicationChangeFailed } from './application-cache';

/** DELETE /applications/:id — drafts only; the draft and its uploaded document are gone. */
export const deleteApplication = (id: string) =>
  api.delete<typeof messageResponse>(`/applications/${encodeURIComponent(id)}`);

export function useDeleteApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteApplication(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...APPLICATIONS_QUERY_KEY, 'list'] }),
    onError: (error) => onApplicationChangeFailed({ queryClient, id, error }),
  });
}

/**
 * Forgets a deleted application. Called once the screen showing it has gone: removing it while it is shown would
 * make that screen fetch it again and meet a 404.
 */
export const forgetApplication = (queryClient: QueryClient, id: string) =>
  queryClient.removeQueries({ queryKey: applicationQueryKey(id) });
