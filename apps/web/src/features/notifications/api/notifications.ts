import type {
  MarkNotificationsReadRequest,
  markNotificationsReadResponse,
  NotificationsResponse,
  notificationsResponse,
} from '@mohar/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  NOTIFICATIONS_QUERY_KEY,
  notificationsFeedQueryKey,
  notificationsPageQueryKey,
} from '@/lib/query-keys';

export const FEED_SIZE = 30;
export const PAGE_SIZE = 20;

/** GET /notifications — newest first, with the unread count. */
export const getNotifications = (
  query: { page?: number; pageSize?: number; after?: string },
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  if (query.after) params.set('after', query.after);
  return api.get<typeof notificationsResponse>(`/notifications?${params}`, signal);
};

/** The bell's feed: the newest notifications; live arrivals are merged into it (see use-notification-stream). */
export const useNotificationsFeed = () =>
  useQuery({
    queryKey: notificationsFeedQueryKey,
    queryFn: ({ signal }) => getNotifications({ pageSize: FEED_SIZE }, signal),
    staleTime: 60_000,
  });

export const useNotificationsPage = (page: number) =>
  useQuery({
    queryKey: notificationsPageQueryKey(page),
    queryFn: ({ signal }) => getNotifications({ page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

/** POST /notifications/read — some or all; the bell and the page read the new state. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MarkNotificationsReadRequest) =>
      api.post<typeof markNotificationsReadResponse>('/notifications/read', request),
    onSuccess: ({ unreadCount }, request) => {
      const readAt = new Date().toISOString();
      queryClient.setQueriesData<NotificationsResponse>({ queryKey: NOTIFICATIONS_QUERY_KEY }, (old) =>
        old
          ? {
              ...old,
              unreadCount,
              notifications: old.notifications.map((n) =>
                'all' in request || request.ids.includes(n._id) ? { ...n, readAt: n.readAt ?? readAt } : n,
              ),
            }
          : old,
      );
    },
  });
}
