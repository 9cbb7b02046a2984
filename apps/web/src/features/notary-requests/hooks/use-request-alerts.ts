import type { NotificationsResponse } from '@mohar/contracts';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { NOTARY_REQUESTS_QUERY_KEY, notificationsFeedQueryKey } from '@/lib/query-keys';
import { playChime, unlockChime } from '../lib/chime';
import { alertText, newRequestAlerts } from '../lib/request-view';

const FEED_HASH = hashKey(notificationsFeedQueryKey);

const isPageInView = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * While the Requests page is open, a new request arriving on the live channel refreshes the queue, plays a chime
 * and, when the page is out of view, raises a desktop notification (if the notary allowed them).
 *
 * The shell's notification stream writes every arrival into the bell's feed (query `notificationsFeedQueryKey`);
 * this watches that cache entry rather than opening a second connection. What the feed holds when the page opens
 * counts as seen: only arrivals after that alert.
 */
export function useRequestAlerts(texts: { title: string }) {
  const queryClient = useQueryClient();
  const titleRef = useRef(texts.title);
  titleRef.current = texts.title;

  useEffect(() => {
    const seen = new Set<string>();
    let isSeeded = false;
    const seed = (feed: NotificationsResponse | undefined) => {
      if (!feed) return;
      for (const n of feed.notifications) seen.add(n._id);
      isSeeded = true;
    };
    seed(queryClient.getQueryData<NotificationsResponse>(notificationsFeedQueryKey));

    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash !== FEED_HASH) return;
      const feed = event.query.state.data as NotificationsResponse | undefined;
      if (!feed) return;
      if (!isSeeded) {
        seed(feed);
        return;
      }
      const fresh = newRequestAlerts({ notifications: feed.notifications, seen });
      for (const n of feed.notifications) seen.add(n._id);
      if (fresh.length === 0) return;
      void queryClient.invalidateQueries({ queryKey: NOTARY_REQUESTS_QUERY_KEY });
      playChime();
      if (!isPageInView() && 'Notification' in window && Notification.permission === 'granted') {
        const [newest] = fresh;
        try {
          const alert = new Notification(titleRef.current, {
            body: newest ? alertText(newest.message) : undefined,
            tag: 'mohar-notary-request',
          });
          alert.onclick = () => {
            window.focus();
            alert.close();
          };
        } catch {
          // Some mobile browsers allow notifications only from a service worker: the chime and the toast remain.
        }
      }
    });

    // Audio stays silent until the page is used once; the first click or key press unlocks the chime.
    const unlock = () => unlockChime();
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      unsubscribe();
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, [queryClient]);
}
