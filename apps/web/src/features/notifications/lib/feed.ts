import type { Notification } from '@mohar/contracts';
import { paths } from '@/config/paths';

import { APPLICATION_VIEW_SUFFIX, messageText } from '@/lib/notice-text';

export { messageText };

/**
 * A toast's words. A new request's notification tells the notary to open their requests: on the Requests page the
 * list already shows it, so the toast says that instead (`onListText`).
 */
export function toastTextOf(
  notification: Pick<Notification, 'kind' | 'message'>,
  options: { pathname: string; onListText: string; sentence?: string },
): string {
  const isOnRequests = options.pathname.replace(/\/+$/, '') === paths.requests();
  if (notification.kind === 'notary_request' && isOnRequests) return options.onListText;
  return options.sentence ?? messageText(notification.message);
}

/** The application a notification is about: its field, or else the id in the message's path. */
export const applicationIdOf = (notification: Pick<Notification, 'applicationId' | 'message'>) =>
  notification.applicationId ?? APPLICATION_VIEW_SUFFIX.exec(notification.message)?.[1] ?? null;

/** Newest first; `seq` settles those made in the same instant (one change can notify several times). */
const newestFirstOrder = (a: Notification, b: Notification) => b.seq - a.seq;

export type FeedEntry = Notification & {
  /** How many notifications this entry stands for (one application's news collapse into its latest). */
  count: number;
  isUnread: boolean;
  /** Every notification the entry stands for (marked read together). */
  ids: string[];
};

/**
 * The dropdown's entries, newest first: all news about one application collapse into one entry showing the latest
 * message (the spec's dedupe rule), unread while any of them is; news about no application stays on its own.
 */
export function collapseByApplication(notifications: readonly Notification[]): FeedEntry[] {
  const newestFirst = [...notifications].sort(newestFirstOrder);
  const entries: FeedEntry[] = [];
  const byApplication = new Map<string, FeedEntry>();
  for (const notification of newestFirst) {
    const applicationId = applicationIdOf(notification);
    const existing = applicationId ? byApplication.get(applicationId) : undefined;
    if (existing) {
      existing.count += 1;
      existing.ids.push(notification._id);
      existing.isUnread ||= notification.readAt === null;
      continue;
    }
    const entry = {
      ...notification,
      count: 1,
      isUnread: notification.readAt === null,
      ids: [notification._id],
    };
    entries.push(entry);
    if (applicationId) byApplication.set(applicationId, entry);
  }
  return entries;
}

/** Adds arrivals to a list, once each (a push and a catch-up can bring the same one), newest first. */
export function mergeNotifications(list: readonly Notification[], arrivals: readonly Notification[]) {
  const seen = new Set(list.map((n) => n._id));
  const fresh = arrivals.filter((n) => !seen.has(n._id) && seen.add(n._id));
  const merged = [...fresh, ...list].sort(newestFirstOrder);
  return { merged, fresh };
}
