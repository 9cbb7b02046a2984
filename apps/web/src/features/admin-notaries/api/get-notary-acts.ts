import type { adminNotaryActsResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminNotaryQueryKey } from './get-admin-notary';

/** GET /admin/notaries/:id/acts — the notary's 20 newest applications and how many there are. */
export const getNotaryActs = (id: string, signal?: AbortSignal) =>
  api.get<typeof adminNotaryActsResponse>(`/admin/notaries/${encodeURIComponent(id)}/acts`, signal);

export const notaryActsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminNotaryQueryKey(id), 'acts'],
    queryFn: ({ signal }) => getNotaryActs(id, signal),
    staleTime: 0,
  });

export const useNotaryActs = (id: string) => useQuery(notaryActsQueryOptions(id));
