import type { customerSupportThreadResponse } from '@mohar/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const replyThreadKey = (token: string) => ['support', 'reply', token] as const;

/** GET /support/replies/:token — the thread an e-mailed reply link opens (no account needed). */
export const getReplyThread = (token: string, signal?: AbortSignal) =>
  api.get<typeof customerSupportThreadResponse>(`/support/replies/${encodeURIComponent(token)}`, signal);

export const replyThreadQueryOptions = (token: string) =>
  queryOptions({
    queryKey: replyThreadKey(token),
    queryFn: ({ signal }) => getReplyThread(token, signal),
    retry: false,
  });

export const useReplyThread = (token: string) => useQuery(replyThreadQueryOptions(token));

/** POST /support/replies/:token — the customer's answer; the thread comes back with it. */
export function useAnswerByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<typeof customerSupportThreadResponse>(`/support/replies/${encodeURIComponent(token)}`, {
        body,
      }),
    onSuccess: (thread) => queryClient.setQueryData(replyThreadKey(token), thread),
  });
}
