import type { adminClientDetailResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { ADMIN_CLIENTS_QUERY_KEY } from './get-admin-clients';

export const adminClientQueryKey = (id: string) => [...ADMIN_CLIENTS_QUERY_KEY, 'detail', id] as const;

/** GET /admin/clients/:id — the profile, applications, wallet, devices and admins' actions. */
export const getAdminClient = (id: string, signal?: AbortSignal) =>
  api.get<typeof adminClientDetailResponse>(`/admin/clients/${encodeURIComponent(id)}`, signal);

export const adminClientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminClientQueryKey(id),
    queryFn: ({ signal }) => getAdminClient(id, signal),
    staleTime: 0,
    // A missing or malformed id will not appear by asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });

export const useAdminClient = (id: string) => useQuery(adminClientQueryOptions(id));
