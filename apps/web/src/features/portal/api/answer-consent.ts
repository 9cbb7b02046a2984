import { CONSENT, consentRequest, type portalStepResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { onPortalStepDone, onPortalStepFailed } from './portal-cache';

/** The decline dialog's field, checked with the request's own rule. */
export const declineReasonSchema = z.object({ reason: consentRequest.shape.reason });

export type ConsentAnswer = { decision: 'accept' | 'decline'; reason?: string };

/**
 * POST /access/:token/consent — agree to identity verification, or decline it (the owner is told). The text's
 * version goes with the answer: the server refuses an answer to a text that has changed since.
 */
export const answerConsent = (options: { token: string; answer: ConsentAnswer }) => {
  const reason = options.answer.reason?.trim();
  return api.post<typeof portalStepResponse>(`/access/${encodeURIComponent(options.token)}/consent`, {
    decision: options.answer.decision,
    textVersion: CONSENT.version,
    ...(reason ? { reason } : {}),
  });
};

export function useAnswerConsent(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: ConsentAnswer) => answerConsent({ token, answer }),
    onSuccess: ({ progress }) => onPortalStepDone({ queryClient, token, progress }),
    onError: (error) => onPortalStepFailed({ queryClient, token, error }),
  });
}
