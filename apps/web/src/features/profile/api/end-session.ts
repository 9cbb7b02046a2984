import type { messageResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** Signs out one other device. */
export const endSession = (id: string) =>
  api.delete<typeof messageResponse>(`/profile/sessions/${encodeURIComponent(id)}`);

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
