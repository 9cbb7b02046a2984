import type { adminDashboardResponse, applicationListResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applicationListQueryKey } from '@/lib/query-keys';
import { DASHBOARD_PAGE_SIZE, DASHBOARD_READ_PATHS } from './dashboard-reads';

const listQuery = { page: 1, pageSize: DASHBOARD_PAGE_SIZE };

/**
 * GET /applications, newest first: the caller's own (a client's) or those that reached them (a notary's). Under the
 * applications list key, so a live update of any application refreshes the dashboard too.
 */
export const dashboardApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: applicationListQueryKey({ ...listQuery, from: 'dashboard' }),
    queryFn: ({ signal }) =>
      api.get<typeof applicationListResponse>(DASHBOARD_READ_PATHS.applications, signal),
  });
export const useDashboardApplications = () => useQuery(dashboardApplicationsQueryOptions());

/** How often the admin's counts are read again while the dashboard is open: they are live counts. */
const ADMIN_REFETCH_MS = 30_000;

/** GET /admin/dashboard — notaries waiting, refunds due and overdue, sessions live, failed seals. */
export const useAdminDashboard = () =>
  useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api.get<typeof adminDashboardResponse>(DASHBOARD_READ_PATHS.admin, signal),
    refetchInterval: ADMIN_REFETCH_MS,
    refetchOnWindowFocus: 'always',
  });
