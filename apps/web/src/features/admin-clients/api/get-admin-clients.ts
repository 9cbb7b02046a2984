import type { adminClientsResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ClientListState, clientListQuery } from '../lib/admin-clients';

export const ADMIN_CLIENTS_QUERY_KEY = ['admin', 'clients'] as const;
export const ADMIN_CLIENT_LISTS_QUERY_KEY = [...ADMIN_CLIENTS_QUERY_KEY, 'list'] as const;

/** GET /admin/clients — clients by search and filter, in pages. */
export const getAdminClients = (state: ClientListState, signal?: AbortSignal) =>
  api.get<typeof adminClientsResponse>(`/admin/clients${clientListQuery(state)}`, signal);

export const adminClientsQueryOptions = (state: ClientListState) =>
  queryOptions({
    queryKey: [...ADMIN_CLIENT_LISTS_QUERY_KEY, state],
    queryFn: ({ signal }) => getAdminClients(state, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminClients = (state: ClientListState) => useQuery(adminClientsQueryOptions(state));
