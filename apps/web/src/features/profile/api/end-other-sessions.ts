import type { endSessionsResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** Signs out every device but this one. */
export const endOtherSessions = () => api.delete<typeof endSessionsResponse>('/profile/sessions');

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
