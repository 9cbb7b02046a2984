import type {
  NotificationPreference,
  notificationPreferencesResponse,
  UpdateNotificationPreferencesRequest,
} from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { NotificationPreference };
export const PREFERENCES_QUERY_KEY = ['profile', 'notification-preferences'] as const;

export const getPreferences = (signal?: AbortSignal) =>
  api.get<typeof notificationPreferencesResponse>('/profile/notifications', signal);
export const usePreferences = () =>
  useQuery({ queryKey: PREFERENCES_QUERY_KEY, queryFn: ({ signal }) => getPreferences(signal) });

export const savePreferences = (request: UpdateNotificationPreferencesRequest) =>
  api.put<typeof notificationPreferencesResponse>('/profile/notifications', request);
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (data) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, data),
  });
}
