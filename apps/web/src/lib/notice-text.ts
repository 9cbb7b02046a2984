import type { Notification } from '@mohar/contracts';
import type { TFunction } from 'i18next';

/** The trailing `application-view/{id}` path of a notification's message (spec §3); its id is the application's. */
export const APPLICATION_VIEW_SUFFIX = /\s*\/?application-view\/([\w-]+)\s*$/;

/** The message as a sentence: the trailing `application-view/{id}` path (spec §3) becomes the entry's link instead. */
export const messageText = (message: string) => message.replace(APPLICATION_VIEW_SUFFIX, '');

/** Sentences whose reason is optional have a form without it. */
const WITHOUT_REASON = new Set(['notary_rejected', 'notary_suspended']);

/**
 * A notification in the reader's language of the moment (issue 23), for the feed and for the console's client page: the server stores its sentence as a key and
 * parameters (`text`), and `notifications.json` holds the sentence in each language. A notification without one (a
 * development test notification), or with a key this screen does not know yet, shows its English `message`.
 * `t` is the `notifications` namespace's.
 */
export function noticeSentence(t: TFunction, notification: Pick<Notification, 'message' | 'text'>): string {
  const fallback = messageText(notification.message);
  const text = notification.text;
  if (!text) return fallback;
  const { title, status, count, reason, ...rest } = text.params;
  const key = WITHOUT_REASON.has(text.key) && !reason ? `${text.key}_plain` : text.key;
  return t(`texts.${key}`, {
    ...rest,
    reason,
    title: title ?? t('texts.untitled'),
    status: status ? t(`texts.status.${status}`, { defaultValue: status }) : undefined,
    count: count === undefined ? undefined : Number(count),
    defaultValue: fallback,
  });
}
