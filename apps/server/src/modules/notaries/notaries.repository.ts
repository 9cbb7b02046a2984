import { SERVICE_HOURS } from '@mohar/contracts';
import { and, count, desc, eq, gt, gte, ilike, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { notaryProfiles, notaryStatusEvents, users } from '../../db/schema.ts';

export type NotaryRow = typeof notaryProfiles.$inferSelect;
export type NotaryWithEmail = NotaryRow & { email: string };

const withEmail = { profile: notaryProfiles, email: users.email };

// Read by every view of an application with a notary chosen: prepared (db/prepared.ts).
const notaryQuery = preparedPerHandle((db) =>
  db
    .select(withEmail)
    .from(notaryProfiles)
    .innerJoin(users, eq(users.id, notaryProfiles.userId))
    .where(eq(notaryProfiles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('notaries_find_notary'),
);

/**
 * The row's version: PostgreSQL's `xmin`, the transaction that wrote this version of the row. Every UPDATE writes a
 * new version, whoever makes it, so a copy read at one version is current exactly while the row reports the same.
 */
const NOTARY_ROW_VERSION = sql<string>`${notaryProfiles}.xmin::text`;

const versionedNotaryQuery = preparedPerHandle((db) =>
  db
    .select({ ...withEmail, version: NOTARY_ROW_VERSION })
    .from(notaryProfiles)
    .innerJoin(users, eq(users.id, notaryProfiles.userId))
    .where(eq(notaryProfiles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('notaries_find_notary_versioned'),
);

/** The notary with the version of their row it was read at (see NOTARY_ROW_VERSION). */
export async function findNotaryVersioned(
  db: DbOrTx,
  userId: string,
): Promise<{ row: NotaryWithEmail; version: string } | undefined> {
  const [found] = await versionedNotaryQuery(db).execute({ userId });
  return found ? { row: { ...found.profile, email: found.email }, version: found.version } : undefined;
}

export async function findNotary(db: DbOrTx, userId: string): Promise<NotaryWithEmail | undefined> {
  const [row] = await notaryQuery(db).execute({ userId });
  return row ? { ...row.profile, email: row.email } : undefined;
}

export async function findProfile(db: DbOrTx, userId: string): Promise<NotaryRow | undefined> {
  const [row] = await db.select().from(notaryProfiles).where(eq(notaryProfiles.userId, userId));
  return row;
}

/** Notaries who can take a request now: verified and online. */
/** Verified notaries with their working hours (booked sessions), in a stable order. */
export function findVerifiedWorkingHours(db: DbOrTx) {
  return db
    .select({
      userId: notaryProfiles.userId,
      fullName: notaryProfiles.fullName,
      workingFrom: notaryProfiles.workingFrom,
      workingTo: notaryProfiles.workingTo,
    })
    .from(notaryProfiles)
    .where(eq(notaryProfiles.status, 'verified'))
    .orderBy(notaryProfiles.verifiedAt, notaryProfiles.userId);
}

export async function findAvailableIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ userId: notaryProfiles.userId })
    .from(notaryProfiles)
    .where(and(eq(notaryProfiles.status, 'verified'), eq(notaryProfiles.isOnline, true)));
  return rows.map((row) => row.userId);
}

/**
 * Verified notaries whose commission ends on or before `horizon`, with their e-mail, locked (SKIP LOCKED: several
 * processes running the check never take the same notary).
 */
export function lockExpiringCommissions(db: DbOrTx, horizon: string) {
  return db
    .select({ profile: notaryProfiles, email: users.email })
    .from(notaryProfiles)
    .innerJoin(users, eq(users.id, notaryProfiles.userId))
    .where(and(eq(notaryProfiles.status, 'verified'), lte(notaryProfiles.commissionExpiresOn, horizon)))
    .for('update', { of: notaryProfiles, skipLocked: true });
}

/** The expiry reminders sent so far (not a change of the profile: `updated_at` stays). */
export async function setRemindersSent(db: DbOrTx, options: { userId: string; sent: number[] }) {
  await db
    .update(notaryProfiles)
    .set({ expiryRemindersSent: options.sent })
    .where(eq(notaryProfiles.userId, options.userId));
}

/** Demo notaries start online (a plain switch: `updated_at` stays as the onboarding left it). */
export async function setOnline(db: DbOrTx, userId: string) {
  await db.update(notaryProfiles).set({ isOnline: true }).where(eq(notaryProfiles.userId, userId));
}

/** Locks the row for a status change, so two admins deciding at once cannot both win. */
export async function findNotaryForUpdate(db: DbOrTx, userId: string): Promise<NotaryRow | undefined> {
  const [row] = await db
    .select()
    .from(notaryProfiles)
    .where(eq(notaryProfiles.userId, userId))
    .for('update')
    .limit(1);
  return row;
}

export async function ensureNotaryRow(db: DbOrTx, userId: string) {
  await db.insert(notaryProfiles).values({ userId }).onConflictDoNothing();
}

export async function updateNotary(
  db: DbOrTx,
  userId: string,
  changes: Partial<typeof notaryProfiles.$inferInsert>,
) {
  const [row] = await db
    .update(notaryProfiles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(notaryProfiles.userId, userId))
    .returning();
  if (!row) throw new Error(`notary ${userId} vanished`);
  return row;
}

export async function insertStatusEvent(db: DbOrTx, row: typeof notaryStatusEvents.$inferInsert) {
  await db.insert(notaryStatusEvents).values(row);
}

const searchCondition = (search: string | undefined) =>
  search
    ? or(
        ilike(notaryProfiles.fullName, `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`),
        ilike(notaryProfiles.registrationNumber, `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`),
        ilike(notaryProfiles.areaOfPractice, `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`),
      )
    : undefined;

export async function listNotaries(
  db: DbOrTx,
  options: { status?: string; search?: string; limit: number; offset: number },
) {
  const where = and(
    options.status ? eq(notaryProfiles.status, options.status) : sql`${notaryProfiles.status} <> 'draft'`,
    searchCondition(options.search),
  );
  const [total] = await db.select({ n: count() }).from(notaryProfiles).where(where);
  const rows = await db
    .select(withEmail)
    .from(notaryProfiles)
    .innerJoin(users, eq(users.id, notaryProfiles.userId))
    .where(where)
    .orderBy(desc(notaryProfiles.submittedAt), notaryProfiles.fullName)
    .limit(options.limit)
    .offset(options.offset);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r.profile, email: r.email })) };
}

/** Only notaries who may take work: verified, commission in force (on `today`, IST), account enabled. */
export async function listDirectory(
  db: DbOrTx,
  options: {
    today: string;
    search?: string;
    appointingGovernment?: string;
    language?: string;
    /** HH:MM in India: only notaries switched on and inside their working hours and the service hours then. */
    onlineAt?: string;
    registrationNumber?: string;
    excludeIds?: readonly string[];
    onlyIds?: readonly string[];
    limit: number;
    offset: number;
  },
) {
  const where = and(
    options.excludeIds?.length ? notInArray(notaryProfiles.userId, [...options.excludeIds]) : undefined,
    options.onlyIds
      ? options.onlyIds.length > 0
        ? inArray(notaryProfiles.userId, [...options.onlyIds])
        : sql`false`
      : undefined,
    eq(notaryProfiles.status, 'verified'),
    gte(notaryProfiles.commissionExpiresOn, options.today),
    sql`${users.disabledAt} is null`,
    searchCondition(options.search),
    options.appointingGovernment
      ? eq(notaryProfiles.appointingGovernment, options.appointingGovernment)
      : undefined,
    options.language
      ? sql`${notaryProfiles.languages} @> ${JSON.stringify([options.language])}::jsonb`
      : undefined,
    options.onlineAt
      ? and(
          eq(notaryProfiles.isOnline, true),
          lte(notaryProfiles.workingFrom, options.onlineAt),
          gt(notaryProfiles.workingTo, options.onlineAt),
          sql`${options.onlineAt} >= ${SERVICE_HOURS.opensAt} and ${options.onlineAt} < ${SERVICE_HOURS.closesAt}`,
        )
      : undefined,
    options.registrationNumber
      ? sql`upper(${notaryProfiles.registrationNumber}) = upper(${options.registrationNumber})`
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(notaryProfiles)
    .innerJoin(users, eq(users.id, notaryProfiles.userId))
    .where(where);
  const rows = await db
    .select({ profile: notaryProfiles })
    .from(notaryProfiles)
    .innerJoin(users, eq(users.id, notaryProfiles.userId))
    .where(where)
    .orderBy(desc(notaryProfiles.isOnline), notaryProfiles.fullName)
    .limit(options.limit)
    .offset(options.offset);
  return { total: total?.n ?? 0, rows: rows.map((r) => r.profile) };
}

/** How many profiles are in this status (the admin dashboard's "waiting for verification"). */
export async function countInStatus(db: DbOrTx, status: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notaryProfiles).where(eq(notaryProfiles.status, status));
  return row?.n ?? 0;
}
