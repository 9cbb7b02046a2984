import type { Notification } from '@mohar/contracts';
import type { TFunction } from 'i18next';
import { messageText } from './feed';

/** Sentences whose reason is optional have a form without it. */
const WITHOUT_REASON = new Set(['notary_rejected', 'notary_suspended']);

/**
 * A notification in the reader's language of the moment (issue 23): the server stores its sentence as a key and
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
