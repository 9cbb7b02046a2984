import type { profileResponse } from '@mohar/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /profile — the signed-in user's own details (with the date of birth), for "Add myself". */
export const getOwnProfile = async (signal?: AbortSignal) =>
  (await api.get<typeof profileResponse>('/profile', signal)).user;

export const ownProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'own'],
    queryFn: ({ signal }) => getOwnProfile(signal),
    staleTime: 60_000,
  });
