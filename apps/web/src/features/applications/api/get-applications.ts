import type { applicationListResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applicationListQueryKey } from '@/lib/query-keys';
import { type ListState, listQuery } from '../lib/list-state';

/** GET /applications — the caller's own, newest first, filtered by status and search, a page at a time. */
export function getApplications(state: ListState, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(listQuery(state))) params.set(key, String(value));
  return api.get<typeof applicationListResponse>(`/applications?${params.toString()}`, signal);
}

export const applicationsQueryOptions = (state: ListState) =>
  queryOptions({
    queryKey: applicationListQueryKey(listQuery(state)),
    queryFn: ({ signal }) => getApplications(state, signal),
    // The previous page stays on screen (dimmed) while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });

export const useApplications = (state: ListState) => useQuery(applicationsQueryOptions(state));
