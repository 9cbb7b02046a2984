import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-errors';
import { NOTARY_REQUESTS_QUERY_KEY } from '@/lib/query-keys';

// The server declares this answer inline (sessions.routes.ts); it belongs in the contracts with the others.
const acceptedResponse = z.object({ applicationId: z.string() });

/** POST /notary/requests/:id/accept — the first notary to accept gets it; the session starts. */
export const acceptNotaryRequest = (id: string) =>
  api.post<typeof acceptedResponse>(`/notary/requests/${encodeURIComponent(id)}/accept`, {});

/** Someone else accepted it first, or it expired or was withdrawn: the queue is behind. */
export const isRequestGone = (error: unknown) => hasErrorCode(error, 'sessions.request_gone');

export function useAcceptNotaryRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptNotaryRequest,
    // Taken (by this notary or another) either way: the queue changed. Not awaited: a returned promise would hold
    // back the caller's onSuccess (going into the call) until the queue had been read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: NOTARY_REQUESTS_QUERY_KEY });
    },
  });
}
