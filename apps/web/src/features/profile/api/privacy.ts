import type {
  dataExportResponse,
  dataExportStatusResponse,
  dataRequestResponse,
  messageResponse,
  privacyStatusResponse,
} from '@mohar/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';

export const PRIVACY_QUERY_KEY = ['privacy', 'me'] as const;

/** My consents, whether the privacy notice must be accepted again, and a withdrawal or erasure waiting. */
export const getPrivacyStatus = (signal?: AbortSignal) =>
  api.get<typeof privacyStatusResponse>('/privacy/me', signal);

export const privacyStatusQueryOptions = () =>
  queryOptions({
    queryKey: PRIVACY_QUERY_KEY,
    queryFn: ({ signal }) => getPrivacyStatus(signal),
    staleTime: 60_000,
  });

export const usePrivacyStatus = () => useQuery(privacyStatusQueryOptions());

/** Each mutation answers with the changed request or a message; the status is read again. */
function usePrivacyMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRIVACY_QUERY_KEY }),
  });
}

export const useAcceptPrivacyNotice = () =>
  usePrivacyMutation((version: string) =>
    api.post<typeof messageResponse>('/privacy/notice/accept', { version }),
  );

export const useRequestWithdrawal = () =>
  usePrivacyMutation((text: string) => api.post<typeof dataRequestResponse>('/privacy/withdrawal', { text }));

export const useRequestErasure = () =>
  usePrivacyMutation((text: string) => api.post<typeof dataRequestResponse>('/privacy/erasure', { text }));

export const useCancelDataRequest = () =>
  usePrivacyMutation((id: string) =>
    api.post<typeof dataRequestResponse>(`/privacy/requests/${encodeURIComponent(id)}/cancel`, {}),
  );

export const DATA_EXPORT_QUERY_KEY = ['privacy', 'export'] as const;

/** My latest "Download my data" archive; polled while it is being prepared. */
export const useDataExport = () =>
  useQuery({
    queryKey: DATA_EXPORT_QUERY_KEY,
    queryFn: ({ signal }) => api.get<typeof dataExportStatusResponse>('/privacy/export', signal),
    refetchInterval: (query) => (query.state.data?.export?.status === 'preparing' ? 5_000 : false),
  });

export const useRequestDataExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<typeof dataExportResponse>('/privacy/export', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATA_EXPORT_QUERY_KEY }),
  });
};

/** The archive's address (the signed-in person's cookie goes with it). */
export const dataExportArchiveUrl = (id: string) =>
  `${API_BASE}/privacy/export/${encodeURIComponent(id)}/archive`;
