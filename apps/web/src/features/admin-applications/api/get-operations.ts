import type { failedSealsResponse, liveSessionsResponse, sealRetryResponse } from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_APPLICATIONS_QUERY_KEY } from './get-admin-applications';

/** Live counts: read again while the page is open. */
const REFETCH_MS = 15_000;
export const LIVE_SESSIONS_QUERY_KEY = ['admin', 'sessions', 'live'] as const;
export const FAILED_SEALS_QUERY_KEY = ['admin', 'seals', 'failed'] as const;

/** GET /admin/sessions/live — who is in each live call, the recording, since when. */
export const useLiveSessions = () =>
  useQuery({
    queryKey: LIVE_SESSIONS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<typeof liveSessionsResponse>('/admin/sessions/live', signal),
    refetchInterval: REFETCH_MS,
  });

/** GET /admin/seals/failed — seals to try again. */
export const useFailedSeals = () =>
  useQuery({
    queryKey: FAILED_SEALS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<typeof failedSealsResponse>('/admin/seals/failed', signal),
    refetchInterval: REFETCH_MS,
  });

/** POST /admin/seals/:id/retry — changes the seal list, the sessions (a sealed one ends) and the application. */
export function useRetrySeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) =>
      api.post<typeof sealRetryResponse>(`/admin/seals/${encodeURIComponent(applicationId)}/retry`, {}),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: FAILED_SEALS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: LIVE_SESSIONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_APPLICATIONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}
