import type { notaryRatingSummaryResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /notary/ratings/summary — the notary's average rating from clients and how many ratings it is of. */
export const getRatingSummary = (signal?: AbortSignal) =>
  api.get<typeof notaryRatingSummaryResponse>('/notary/ratings/summary', signal);

export const ratingSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['notary', 'ratings', 'summary'],
    queryFn: ({ signal }) => getRatingSummary(signal),
  });

export const useRatingSummary = () => useQuery(ratingSummaryQueryOptions());
