import type {
  ApplicationRatingResponse,
  applicationRatingResponse,
  RateSessionRequest,
} from '@mohar/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applicationQueryKey } from '@/lib/query-keys';

const ratingPath = (id: string) => `/applications/${encodeURIComponent(id)}/rating`;
export const applicationRatingQueryKey = (id: string) => [...applicationQueryKey(id), 'rating'] as const;

/** GET /applications/:id/rating — the owner's rating of the completed session, and whether they may still rate. */
export const getApplicationRating = (id: string, signal?: AbortSignal) =>
  api.get<typeof applicationRatingResponse>(ratingPath(id), signal);

export const applicationRatingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: applicationRatingQueryKey(id),
    queryFn: ({ signal }) => getApplicationRating(id, signal),
  });

export const useApplicationRating = (id: string) => useQuery(applicationRatingQueryOptions(id));

/** POST /applications/:id/rating — rate the session, once. */
export const rateSession = (id: string, body: RateSessionRequest) =>
  api.post<typeof applicationRatingResponse>(ratingPath(id), body);

export function useRateSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateSessionRequest) => rateSession(id, body),
    onSuccess: (answer: ApplicationRatingResponse) =>
      queryClient.setQueryData(applicationRatingQueryKey(id), answer),
    // Rated already (another tab) or no longer rateable: show what is true now.
    onError: () => void queryClient.invalidateQueries({ queryKey: applicationRatingQueryKey(id) }),
  });
}
