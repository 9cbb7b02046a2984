// Types only: the login screen holds this file, and the schema loads with the form (decision 0033).
import type { loginMfaRequest, userResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { startSession } from './login';

export type LoginMfaInput = z.output<typeof loginMfaRequest>;

/** The second step of a login that needs it: a code from the authenticator app, or a recovery code. */
export const loginMfa = (input: LoginMfaInput) => api.post<typeof userResponse>('/login/mfa', input);

export function useLoginMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginMfa,
    onSuccess: (response) => startSession(queryClient, response.user),
  });
}
