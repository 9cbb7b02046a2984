import type { adminNotariesResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AdminListState, adminListQuery } from '../lib/admin-notaries';

export const ADMIN_NOTARIES_QUERY_KEY = ['admin', 'notaries'] as const;
export const ADMIN_NOTARY_LISTS_QUERY_KEY = [...ADMIN_NOTARIES_QUERY_KEY, 'list'] as const;

/** GET /admin/notaries — applications by status, with search and pages. */
export const getAdminNotaries = (state: AdminListState, signal?: AbortSignal) =>
  api.get<typeof adminNotariesResponse>(`/admin/notaries${adminListQuery(state)}`, signal);

export const adminNotariesQueryOptions = (state: AdminListState) =>
  queryOptions({
    queryKey: [...ADMIN_NOTARY_LISTS_QUERY_KEY, state],
    queryFn: ({ signal }) => getAdminNotaries(state, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminNotaries = (state: AdminListState) => useQuery(adminNotariesQueryOptions(state));
