import type { Notification } from '@mohar/contracts';

const MINUTE_MS = 60_000;

/** How long a request has waited, for "waiting 3 min": whole minutes, hours past 60, "just now" under a minute. */
export type WaitLength =
  | { unit: 'justNow' }
  | { unit: 'minutes'; count: number }
  | { unit: 'hours'; count: number };

export function waitLengthOf(options: { since: string; now: number }): WaitLength {
  const since = new Date(options.since).getTime();
  if (Number.isNaN(since)) return { unit: 'justNow' };
  const minutes = Math.floor((options.now - since) / MINUTE_MS);
  if (minutes < 1) return { unit: 'justNow' };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.floor(minutes / 60) };
}

/**
 * The notary_request notifications in a feed that have not been seen yet (and are unread): what should chime. The
 * caller adds their ids to `seen`, so each one alerts once however often the feed is rewritten.
 */
export function newRequestAlerts(options: {
  notifications: readonly Pick<Notification, '_id' | 'kind' | 'readAt' | 'message'>[];
  seen: ReadonlySet<string>;
}) {
  return options.notifications.filter(
    (n) => n.kind === 'notary_request' && n.readAt === null && !options.seen.has(n._id),
  );
}

/** A notification's text without its trailing `application-view/{id}` path (the app shows a link instead). */
export function alertText(message: string): string {
  return message.replace(/\s*\/?application-view\/[0-9a-zA-Z-]+\/?\s*$/, '').trim();
}

/** Whether the browser can show desktop notifications, and what this site may do. */
export type DesktopAlertState = 'unsupported' | NotificationPermission;

export function desktopAlertStateOf(scope: {
  Notification?: { permission: NotificationPermission };
}): DesktopAlertState {
  return scope.Notification ? scope.Notification.permission : 'unsupported';
}
