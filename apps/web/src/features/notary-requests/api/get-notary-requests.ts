import type { notaryQueueResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NOTARY_REQUESTS_QUERY_KEY } from '@/lib/query-keys';

/** How often the queue is read again when no live event arrives: requests taken elsewhere vanish. */
export const QUEUE_REFETCH_MS = 30_000;

/** GET /notary/requests — what this notary can take now, oldest first. */
export const getNotaryRequests = (signal?: AbortSignal) =>
  api.get<typeof notaryQueueResponse>('/notary/requests', signal);

export const notaryRequestsQueryOptions = () =>
  queryOptions({
    queryKey: NOTARY_REQUESTS_QUERY_KEY,
    queryFn: ({ signal }) => getNotaryRequests(signal),
    staleTime: 0,
    // The live notification is the main trigger; polling and focus catch what it cannot (accepted by another notary).
    refetchInterval: QUEUE_REFETCH_MS,
    refetchOnWindowFocus: 'always',
  });

export const useNotaryRequests = () => useQuery(notaryRequestsQueryOptions());
