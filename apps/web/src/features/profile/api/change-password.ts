import { changePasswordRequest, type messageResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

export { changePasswordRequest };
export type ChangePasswordInput = z.output<typeof changePasswordRequest>;

export const changePassword = (input: ChangePasswordInput) =>
  api.put<typeof messageResponse>('/profile/password', input);

/** The server ends the account's other sessions with a password change: the list changes too. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
