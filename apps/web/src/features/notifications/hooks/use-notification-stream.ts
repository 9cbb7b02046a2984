import {
  APPLICATION_UPDATED_EVENT,
  NEW_NOTIFICATION_EVENT,
  type Notification,
  type NotificationsResponse,
} from '@mohar/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toast-host';
import { i18n } from '@/lib/i18n';
import { noticeSentence } from '@/lib/notice-text';
import {
  APPLICATIONS_QUERY_KEY,
  applicationQueryKey,
  NOTIFICATIONS_QUERY_KEY,
  notificationsFeedQueryKey,
} from '@/lib/query-keys';
import { openRealtime } from '@/lib/realtime';
import { getNotifications } from '../api/notifications';
import { applicationIdOf, mergeNotifications, toastTextOf } from '../lib/feed';

/** The newest notification the feed holds: where a catch-up starts. */
function lastSeenId(queryClient: QueryClient): string | undefined {
  return queryClient.getQueryData<NotificationsResponse>(notificationsFeedQueryKey)?.notifications[0]?._id;
}

/**
 * A live notification's toast words, worded at render rather than on arrival: a person who switches the language
 * while the toast is on screen reads it in the new language (issue 23), as everything around it already is. Kept in
 * this module: a component of its own here changed the build's chunks and broke the Requests page's lazy load.
 */
function ToastText(props: { notification: Notification; pathname: string }) {
  // Subscribes to language changes; the notifications namespace is read through the shared instance, as on arrival.
  const { t } = useTranslation();
  return toastTextOf(props.notification, {
    pathname: props.pathname,
    onListText: t('newRequestOnList'),
    sentence: noticeSentence(i18n.getFixedT(null, 'notifications'), props.notification),
  });
}

/**
 * The signed-in user's live notifications: each new one is added to the bell's feed (once, by id), shown as a
 * toast, and refreshes the application it is about (the application view and list update without polling). After a
 * dropped connection, what was missed is fetched and shown the same way.
 */
export function useNotificationStream(userId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  useEffect(() => {
    let isClosed = false;
    let socket: Awaited<ReturnType<typeof openRealtime>> | null = null;

    const receive = (arrivals: Notification[]) => {
      const own = arrivals.filter((n) => n.userId === userId);
      const feed = queryClient.getQueryData<NotificationsResponse>(notificationsFeedQueryKey);
      const { merged, fresh } = mergeNotifications(feed?.notifications ?? [], own);
      if (fresh.length === 0) return;
      if (feed)
        queryClient.setQueryData<NotificationsResponse>(notificationsFeedQueryKey, {
          ...feed,
          notifications: merged,
          total: feed.total + fresh.length,
          unreadCount: feed.unreadCount + fresh.filter((n) => n.readAt === null).length,
        });
      else void queryClient.invalidateQueries({ queryKey: notificationsFeedQueryKey });
      // The full Notifications page reads again when it is next shown.
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY, refetchType: 'none' });
      const applications = new Set(fresh.map(applicationIdOf).filter((id): id is string => id !== null));
      for (const id of applications)
        void queryClient.invalidateQueries({ queryKey: applicationQueryKey(id) });
      if (applications.size > 0)
        void queryClient.invalidateQueries({ queryKey: [...APPLICATIONS_QUERY_KEY, 'list'] });
      for (const notification of fresh)
        void showToast({
          message: createElement(ToastText, { notification, pathname: window.location.pathname }),
          closeLabel: t('close'),
        });
    };

    const catchUp = async () => {
      const after = lastSeenId(queryClient);
      if (!after) {
        await queryClient.invalidateQueries({ queryKey: notificationsFeedQueryKey });
        return;
      }
      const missed = await getNotifications({ after }).catch(() => null);
      if (missed) receive(missed.notifications);
      // The anchor itself may be gone (another tab, another device): read the feed afresh.
      else await queryClient.invalidateQueries({ queryKey: notificationsFeedQueryKey });
    };

    void openRealtime().then((opened) => {
      if (isClosed) {
        opened.close();
        return;
      }
      socket = opened;
      opened.on(NEW_NOTIFICATION_EVENT, (notification: Notification) => receive([notification]));
      opened.on(APPLICATION_UPDATED_EVENT, (update: { applicationId?: unknown }) => {
        if (typeof update?.applicationId !== 'string') return;
        void queryClient.invalidateQueries({ queryKey: applicationQueryKey(update.applicationId) });
        void queryClient.invalidateQueries({ queryKey: [...APPLICATIONS_QUERY_KEY, 'list'] });
      });
      // Every (re)connection: whatever arrived while there was none is fetched, and open views read again.
      let hasConnected = false;
      opened.on('connect', () => {
        void catchUp();
        if (hasConnected) void queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY });
        hasConnected = true;
      });
    });
    return () => {
      isClosed = true;
      socket?.close();
    };
  }, [queryClient, t, userId]);
}
