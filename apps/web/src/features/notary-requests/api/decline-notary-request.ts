import { declineNotaryRequest, type notaryQueueResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { NOTARY_REQUESTS_QUERY_KEY } from '@/lib/query-keys';

/** The body's schema (reason: 3 to 500 characters), also the decline form's validation. */
export const declineRequestSchema = declineNotaryRequest;
export const DECLINE_REASON_MAX = 500;

const declinedResponse = z.object({ message: z.string() });

/** POST /notary/requests/:id/decline — with a reason; the request stays open for others (or the client). */
export const declineNotaryRequestById = (options: { id: string; reason: string }) =>
  api.post<typeof declinedResponse>(`/notary/requests/${encodeURIComponent(options.id)}/decline`, {
    reason: options.reason,
  });

export function useDeclineNotaryRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineNotaryRequestById,
    onSuccess: (_answer, { id }) => {
      // Gone from this notary's list at once; the next read confirms it.
      queryClient.setQueryData<z.infer<typeof notaryQueueResponse>>(NOTARY_REQUESTS_QUERY_KEY, (old) =>
        old ? { requests: old.requests.filter((request) => request._id !== id) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: NOTARY_REQUESTS_QUERY_KEY });
    },
  });
}
