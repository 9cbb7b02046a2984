import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

const LEASE_MS = 30_000;

export async function insertNotifications(db: DbOrTx, rows: NewNotification[]) {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

export async function listPage(db: DbOrTx, userId: string, options: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.seq))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The user's notifications after one of theirs, oldest first (an id of someone else's finds nothing to start from). */
export async function listAfter(db: DbOrTx, userId: string, afterId: string, limit: number) {
  const [anchor] = await db
    .select({ seq: notifications.seq })
    .from(notifications)
    .where(and(eq(notifications.id, afterId), eq(notifications.userId, userId)));
  if (!anchor) return null;
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.seq, anchor.seq)))
    .orderBy(asc(notifications.seq))
    .limit(limit);
}

export async function unreadCount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/**
 * The rows an update is about, locked in feed order. Every statement here that changes rows it did not claim with SKIP
 * LOCKED takes their locks this way, so two of them (marking read, marking dispatched) never wait on each other in a
 * cycle; without it each followed its own plan's order (the user's index, the primary key) and could deadlock.
 */
function lockedInOrder(db: DbOrTx, where: ReturnType<typeof and>) {
  return db
    .select({ id: notifications.id })
    .from(notifications)
    .where(where)
    .orderBy(asc(notifications.seq))
    .for('update');
}

export async function markRead(db: DbOrTx, userId: string, ids: string[] | 'all') {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      inArray(
        notifications.id,
        lockedInOrder(
          db,
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids === 'all' ? undefined : inArray(notifications.id, ids),
          ),
        ),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Notifications not yet pushed, and how long the oldest has waited (seconds), for the metrics. */
export async function undispatchedLag(db: DbOrTx): Promise<{ waiting: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${notifications.createdAt})), 0)::float8`,
    })
    .from(notifications)
    .where(isNull(notifications.dispatchedAt));
  return { waiting: Number(row?.waiting ?? 0), oldestSeconds: Number(row?.oldestSeconds ?? 0) };
}

/** Claims undispatched rows with a lease, so that of several processes exactly one pushes each (until it dies). */
export async function claimUndispatched(db: DbOrTx, limit: number): Promise<NotificationRow[]> {
  const due = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        isNull(notifications.dispatchedAt),
        or(isNull(notifications.dispatchLockedUntil), lte(notifications.dispatchLockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(notifications.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notifications)
    .set({ dispatchLockedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
    .where(inArray(notifications.id, due))
    .returning();
}

export async function markDispatched(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ dispatchedAt: sql`now()`, dispatchLockedUntil: null })
    .where(inArray(notifications.id, lockedInOrder(db, inArray(notifications.id, ids))));
}

export type PreferenceRow = typeof notificationPreferences.$inferSelect;

/** The stored choices of these users (kinds without a row are both on). */
export function preferencesOf(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([] as PreferenceRow[]);
  return db
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
}

export async function upsertPreferences(
  db: DbOrTx,
  userId: string,
  rows: ReadonlyArray<{ kind: string; inApp: boolean; email: boolean }>,
) {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((row) => ({ userId, ...row })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        updatedAt: sql`now()`,
      },
    });
}

/** A closed account's feed (issue 26): its texts name the person's applications and people. */
export async function deleteAllOf(db: DbOrTx, userId: string): Promise<number> {
  const deleted = await db
    .delete(notifications)
    .where(eq(notifications.userId, userId))
    .returning({ id: notifications.id });
  return deleted.length;
}
