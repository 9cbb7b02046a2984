import type { AdminClientFilter } from '@mohar/contracts';
import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountEvents, users } from '../../db/schema.ts';
import { containing } from '../../platform/like-pattern.ts';

/** `%text%` for ILIKE with the pattern characters taken literally. */

function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  // Mobiles are stored as +91 and ten digits: "98765 43210" or "+91-98765…" should find them too.
  const digits = text.replace(/\D/g, '');
  return or(
    ilike(users.name, containing(text)),
    ilike(users.email, containing(text)),
    digits.length >= 3 ? ilike(users.mobile, containing(digits)) : undefined,
  );
}

const FILTERS: Record<AdminClientFilter, SQL> = {
  verified: isNotNull(users.emailVerifiedAt),
  suspended: isNotNull(users.disabledAt),
  mfa: isNotNull(users.mfaEnabledAt),
};

/** One page of clients, newest first, with the total of the whole list (a window: one statement). */
export async function listClients(
  db: DbOrTx,
  options: { search?: string; filter?: AdminClientFilter; limit: number; offset: number },
) {
  const where = and(
    eq(users.role, 'client'),
    searchCondition(options.search),
    options.filter ? FILTERS[options.filter] : undefined,
  );
  const rows = await db
    .select({ user: users, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(options.limit)
    .offset(options.offset);
  if (rows.length > 0 || options.offset === 0)
    return { total: rows[0]?.total ?? 0, users: rows.map((r) => r.user) };
  // A page past the end has no row to carry the window's total: count on its own.
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(where);
  return { total: counted?.n ?? 0, users: [] };
}

export async function findClient(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'client')))
    .limit(1);
  return row;
}

/** Locks the client's row for an action, so two admins' actions on one account queue. */
export async function lockClient(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'client')))
    .for('update')
    .limit(1);
  return row;
}

export async function insertAccountEvent(db: DbOrTx, row: typeof accountEvents.$inferInsert) {
  await db.insert(accountEvents).values(row);
}

/** What admins did to the account, newest first, with each admin's name. */
export function listAccountEvents(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: accountEvents.id,
      action: accountEvents.action,
      reason: accountEvents.reason,
      createdAt: accountEvents.createdAt,
      actorName: users.name,
    })
    .from(accountEvents)
    .innerJoin(users, eq(users.id, accountEvents.actorId))
    .where(eq(accountEvents.userId, userId))
    .orderBy(desc(accountEvents.createdAt))
    .limit(limit);
}

/** Every admin account, current ones first, then by name (the owner's list of admins). */
export function listAdmins(db: DbOrTx) {
  return db
    .select()
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(sql`${users.disabledAt} is not null`, users.name, users.id);
}

/** Locks an admin's row for a change of their access. */
export async function lockAdmin(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'admin')))
    .for('update')
    .limit(1);
  return row;
}

/**
 * The ids of the admins who are owners now, their rows locked: two owners demoting each other at once queue here,
 * so the second sees the first's change and cannot leave Mohar without an owner.
 */
export async function lockActiveOwnerIds(db: DbOrTx) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), sql`'owner' = any(${users.adminRoles})`))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}
