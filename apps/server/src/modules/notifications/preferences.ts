import {
  LOCKED_EMAIL_KINDS,
  type NotificationPreference,
  PREFERENCE_KINDS,
  type PreferenceKind,
} from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { notificationErrors } from './notifications.errors.ts';
import * as repo from './notifications.repository.ts';

export type Delivery = { inApp: boolean; email: boolean };

const isLocked = (kind: string) => (LOCKED_EMAIL_KINDS as readonly string[]).includes(kind);

/**
 * How each of these users wants a kind delivered (issue 26): in the feed, by e-mail. Both on unless they chose
 * otherwise; the e-mail of a security or legal kind is always on, whatever is stored.
 */
export async function deliveriesOf(db: DbOrTx, userIds: readonly string[]) {
  const rows = await repo.preferencesOf(db, [...new Set(userIds)]);
  const stored = new Map(rows.map((row) => [`${row.userId}|${row.kind}`, row]));
  return (userId: string, kind: string): Delivery => {
    const row = stored.get(`${userId}|${kind}`);
    return { inApp: row?.inApp ?? true, email: isLocked(kind) || (row?.email ?? true) };
  };
}

/** Whether this user's e-mails of this kind go (the account's own mails check `security` or `legal`). */
export async function wantsEmail(db: DbOrTx, options: { userId: string; kind: PreferenceKind }) {
  return (await deliveriesOf(db, [options.userId]))(options.userId, options.kind).email;
}

/** Every kind with the person's choice, in the order of the list, locked ones marked. */
export async function listPreferences(db: DbOrTx, userId: string): Promise<NotificationPreference[]> {
  const deliveryOf = await deliveriesOf(db, [userId]);
  return PREFERENCE_KINDS.map((kind) => ({ kind, ...deliveryOf(userId, kind), emailLocked: isLocked(kind) }));
}

/** Saves the person's choices; turning off a locked e-mail is refused whole (nothing is saved). */
export async function savePreferences(
  db: DbOrTx,
  options: {
    userId: string;
    preferences: ReadonlyArray<{ kind: PreferenceKind; inApp: boolean; email: boolean }>;
  },
) {
  const refused = options.preferences.filter((p) => isLocked(p.kind) && !p.email).map((p) => p.kind);
  if (refused.length > 0) throw notificationErrors.preferenceLocked(refused);
  await repo.upsertPreferences(db, options.userId, options.preferences);
  return listPreferences(db, options.userId);
}
