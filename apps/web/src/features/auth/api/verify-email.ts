import type { messageResponse } from '@mohar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const verifyEmail = (token: string) =>
  api.post<typeof messageResponse>(`/verify-email/${encodeURIComponent(token)}`, {});

/**
 * Runs once per token. A query rather than an effect: StrictMode's second mount and any re-render share the one
 * request, and a token works only once, so the answer is never refetched or retried.
 */
export const useVerifyEmail = (token: string) =>
  useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
