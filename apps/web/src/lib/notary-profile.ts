import type { NotaryProfile, notaryProfileResponse } from '@mohar/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { NOTARY_PROFILE_QUERY_KEY } from './query-keys';

/**
 * GET /notary/profile — the signed-in notary's own application. Two features read it (onboarding and the
 * dashboard), so the endpoint lives here rather than inside one of them; each writes it through its own mutations.
 */
export const getNotaryProfile = async (signal?: AbortSignal) =>
  (await api.get<typeof notaryProfileResponse>('/notary/profile', signal)).notary;

export const notaryProfileQueryOptions = () =>
  queryOptions({
    queryKey: NOTARY_PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getNotaryProfile(signal),
    // An admin's decision changes it from elsewhere: read it afresh on every visit.
    staleTime: 0,
  });

export const useNotaryProfile = () => useQuery(notaryProfileQueryOptions());

/** Every notary endpoint that changes the application answers with the whole of it: keep that as the cache. */
export function setNotaryProfile(queryClient: QueryClient, notary: NotaryProfile) {
  queryClient.setQueryData(NOTARY_PROFILE_QUERY_KEY, notary);
}

/** Draft and rejected applications can be changed; pending, verified and suspended ones are read-only. */
export const isNotaryProfileEditable = (status: NotaryProfile['status']) =>
  status === 'draft' || status === 'rejected';

const STALE_CODES = new Set([
  'notaries.locked',
  'notaries.incomplete',
  'notaries.illegal_transition',
  'notaries.cannot_take_work',
]);

/**
 * A change refused because the application moved on (an admin decided, another tab saved): read it afresh so the
 * screen shows where it really stands.
 */
export function refreshNotaryProfileIfStale(queryClient: QueryClient, error: unknown) {
  if (error instanceof ApiError && STALE_CODES.has(error.code))
    void queryClient.invalidateQueries({ queryKey: NOTARY_PROFILE_QUERY_KEY });
}
