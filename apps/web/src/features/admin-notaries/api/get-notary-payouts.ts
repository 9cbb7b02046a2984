import type { adminNotaryPayoutsResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminNotaryQueryKey } from './get-admin-notary';

/** GET /admin/notaries/:id/payouts — fees earned per completed act over the last 12 months, a total per month. */
export const getNotaryPayouts = (id: string, signal?: AbortSignal) =>
  api.get<typeof adminNotaryPayoutsResponse>(`/admin/notaries/${encodeURIComponent(id)}/payouts`, signal);

export const notaryPayoutsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminNotaryQueryKey(id), 'payouts'],
    queryFn: ({ signal }) => getNotaryPayouts(id, signal),
    staleTime: 0,
  });

export const useNotaryPayouts = (id: string) => useQuery(notaryPayoutsQueryOptions(id));
