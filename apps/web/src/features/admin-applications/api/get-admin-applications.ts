import type { adminApplicationsResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ApplicationListState, applicationListParams } from '../lib/application-list';

export const ADMIN_APPLICATIONS_QUERY_KEY = ['admin', 'applications'] as const;

/** GET /admin/applications — every application, filtered, in pages. */
export const getAdminApplications = (state: ApplicationListState, signal?: AbortSignal) => {
  const params = applicationListParams(state);
  params.set('page', String(state.page));
  return api.get<typeof adminApplicationsResponse>(`/admin/applications?${params}`, signal);
};

export const adminApplicationsQueryOptions = (state: ApplicationListState) =>
  queryOptions({
    queryKey: [...ADMIN_APPLICATIONS_QUERY_KEY, 'list', state],
    queryFn: ({ signal }) => getAdminApplications(state, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminApplications = (state: ApplicationListState) =>
  useQuery(adminApplicationsQueryOptions(state));
