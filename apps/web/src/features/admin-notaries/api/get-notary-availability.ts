import type { adminNotaryAvailabilityResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminNotaryQueryKey } from './get-admin-notary';

/** GET /admin/notaries/:id/availability — the 20 newest changes of availability and how many there are. */
export const getNotaryAvailability = (id: string, signal?: AbortSignal) =>
  api.get<typeof adminNotaryAvailabilityResponse>(
    `/admin/notaries/${encodeURIComponent(id)}/availability`,
    signal,
  );

export const notaryAvailabilityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminNotaryQueryKey(id), 'availability'],
    queryFn: ({ signal }) => getNotaryAvailability(id, signal),
    staleTime: 0,
  });

export const useNotaryAvailability = (id: string) => useQuery(notaryAvailabilityQueryOptions(id));
