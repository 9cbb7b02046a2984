import type { portalStepResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onPortalStepDone, onPortalStepFailed } from './portal-cache';

/** POST /access/:token/email-code/verify — the code from the e-mail confirms the address (5 tries per code). */
export const verifyEmailCode = (options: { token: string; code: string }) =>
  api.post<typeof portalStepResponse>(`/access/${encodeURIComponent(options.token)}/email-code/verify`, {
    code: options.code,
  });

export function useVerifyEmailCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyEmailCode({ token, code }),
    onSuccess: ({ progress }) => onPortalStepDone({ queryClient, token, progress }),
    onError: (error) => onPortalStepFailed({ queryClient, token, error }),
  });
}
