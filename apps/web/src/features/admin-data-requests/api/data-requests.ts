import type {
  adminDataRequestsResponse,
  carryOutDataRequestResponse,
  DataRequestStatus,
  retentionReportResponse,
} from '@mohar/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const DATA_REQUESTS_QUERY_KEY = ['admin', 'data-requests'] as const;

/** GET /admin/data-requests — pending first, then the latest carried out, with what each kept and why. */
export const getDataRequests = (status: DataRequestStatus | null, signal?: AbortSignal) =>
  api.get<typeof adminDataRequestsResponse>(
    `/admin/data-requests${status ? `?status=${status}` : ''}`,
    signal,
  );

export const dataRequestsQueryOptions = (status: DataRequestStatus | null) =>
  queryOptions({
    queryKey: [...DATA_REQUESTS_QUERY_KEY, status],
    queryFn: ({ signal }) => getDataRequests(status, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useDataRequests = (status: DataRequestStatus | null) =>
  useQuery(dataRequestsQueryOptions(status));

/** POST /admin/data-requests/:id/carry-out — close the account now, keeping only the legal holds. */
export function useCarryOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<typeof carryOutDataRequestResponse>(
        `/admin/data-requests/${encodeURIComponent(id)}/carry-out`,
        {},
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATA_REQUESTS_QUERY_KEY }),
  });
}

/** GET /admin/retention — per IST day: identity files captured and purged, recordings due and purged, failures. */
export const useRetentionReport = (days: number) =>
  useQuery({
    queryKey: ['admin', 'retention', days],
    queryFn: ({ signal }) => api.get<typeof retentionReportResponse>(`/admin/retention?days=${days}`, signal),
    staleTime: 60_000,
  });
