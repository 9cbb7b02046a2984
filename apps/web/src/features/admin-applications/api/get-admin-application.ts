import type { adminApplicationDetailResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_APPLICATIONS_QUERY_KEY } from './get-admin-applications';

export const adminApplicationQueryKey = (id: string) => [...ADMIN_APPLICATIONS_QUERY_KEY, 'detail', id];

/** GET /admin/applications/:id — the application with its payments, session, seal and both timelines. */
export const getAdminApplication = (id: string, signal?: AbortSignal) =>
  api.get<typeof adminApplicationDetailResponse>(`/admin/applications/${encodeURIComponent(id)}`, signal);

export const adminApplicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminApplicationQueryKey(id),
    queryFn: ({ signal }) => getAdminApplication(id, signal),
    retry: false,
  });

export const useAdminApplication = (id: string) => useQuery(adminApplicationQueryOptions(id));
