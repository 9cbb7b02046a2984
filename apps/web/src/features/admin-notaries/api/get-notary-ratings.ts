import type { adminNotaryRatingsResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminNotaryQueryKey } from './get-admin-notary';

/** GET /admin/notaries/:id/ratings — clients' ratings of the notary's sessions, a page at a time, with the average. */
export const getNotaryRatings = (options: { id: string; page: number }, signal?: AbortSignal) =>
  api.get<typeof adminNotaryRatingsResponse>(
    `/admin/notaries/${encodeURIComponent(options.id)}/ratings${options.page > 1 ? `?page=${options.page}` : ''}`,
    signal,
  );

export const notaryRatingsQueryOptions = (options: { id: string; page: number }) =>
  queryOptions({
    queryKey: [...adminNotaryQueryKey(options.id), 'ratings', options.page],
    queryFn: ({ signal }) => getNotaryRatings(options, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useNotaryRatings = (options: { id: string; page: number }) =>
  useQuery(notaryRatingsQueryOptions(options));
