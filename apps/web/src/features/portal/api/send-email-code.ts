import type { emailCodeSentResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onPortalStepFailed } from './portal-cache';

/** POST /access/:token/email-code — a 6-digit code to the signatory's address (one a minute, five an hour). */
export const sendEmailCode = (token: string) =>
  api.post<typeof emailCodeSentResponse>(`/access/${encodeURIComponent(token)}/email-code`, {});

export function useSendEmailCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendEmailCode(token),
    onError: (error) => onPortalStepFailed({ queryClient, token, error }),
  });
}
