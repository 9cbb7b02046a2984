import type { messageResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const logout = () => api.get<typeof messageResponse>('/logout');

/** After logout nothing of the account may stay in memory: the whole cache goes, not only the session. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => queryClient.clear() });
}
