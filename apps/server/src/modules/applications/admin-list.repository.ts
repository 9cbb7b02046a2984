import {
  STUCK_IDENTITY_NOT_SUBMITTED_HOURS,
  STUCK_WAITING_FOR_NOTARY_MINUTES,
  type StuckReason,
} from '@mohar/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applications, users } from '../../db/schema.ts';
import { containing } from '../../platform/like-pattern.ts';

/** The console's filters, resolved: days to instants, the paid day to the applications paid then. */
export type AdminListFilter = {
  search?: string;
  status?: string;
  notaryId?: string;
  act?: string;
  /** [from, to) on the date `dateOf` names. */
  from?: Date;
  to?: Date;
  dateOf?: 'created' | 'notarised';
  /** Only these applications (the paid-on filter, resolved by the payments module). */
  ids?: readonly string[];
  minPaise?: number;
  maxPaise?: number;
  onlyStuck?: boolean;
  now: Date;
};

// When the application moved into its current status (its creation for a draft).
const statusSince = sql<Date>`coalesce((
  select max(e.created_at) from application_events e
  where e.application_id = "applications"."id" and e.to_status = "applications"."status"
), "applications"."created_at")`;

const NOT_SUBMITTED = ['pending', 'invited', 'email_confirmed', 'consented'];

/** The stuck state (contracts' STUCK_* thresholds) at `now`; null when the application is moving. */
const stuckAt = (now: Date) => {
  const waitingSince = new Date(now.getTime() - STUCK_WAITING_FOR_NOTARY_MINUTES * 60_000);
  const identitySince = new Date(now.getTime() - STUCK_IDENTITY_NOT_SUBMITTED_HOURS * 3_600_000);
  return sql<StuckReason | null>`case
    when "applications"."status" = 'waiting_for_notary' and ${statusSince} < ${waitingSince}
      then 'waiting_for_notary'
    when "applications"."status" = 'awaiting_identity' and ${statusSince} < ${identitySince}
      and exists (
        select 1 from application_signatories s
        where s.application_id = "applications"."id" and s.progress in (${sql.join(
          NOT_SUBMITTED.map((p) => sql`${p}`),
          sql`, `,
        )})
      )
      then 'identity_not_submitted'
  end`;
};

const feePaise = sql`("applications"."fee"->>'totalPaise')::bigint`;

function whereOf(filter: AdminListFilter): SQL | undefined {
  const pattern = filter.search ? containing(filter.search) : undefined;
  const dated = (column: SQL) =>
    and(
      filter.from ? sql`${column} >= ${filter.from}` : undefined,
      filter.to ? sql`${column} < ${filter.to}` : undefined,
    );
  const notarisedIn = sql`exists (
    select 1 from application_events e
    where e.application_id = "applications"."id" and e.to_status = 'notarised'
    ${filter.from ? sql`and e.created_at >= ${filter.from}` : sql``}
    ${filter.to ? sql`and e.created_at < ${filter.to}` : sql``}
  )`;
  return and(
    pattern
      ? or(ilike(applications.title, pattern), ilike(users.name, pattern), ilike(users.email, pattern))
      : undefined,
    filter.status ? eq(applications.status, filter.status) : undefined,
    filter.notaryId
      ? sql`coalesce(${applications.assignedNotaryId}, ${applications.notaryId}) = ${filter.notaryId}`
      : undefined,
    filter.act ? eq(applications.notarialAct, filter.act) : undefined,
    filter.from || filter.to
      ? filter.dateOf === 'notarised'
        ? notarisedIn
        : dated(sql`${applications.createdAt}`)
      : undefined,
    filter.ids ? (filter.ids.length > 0 ? inArray(applications.id, [...filter.ids]) : sql`false`) : undefined,
    filter.minPaise !== undefined ? sql`${feePaise} >= ${filter.minPaise}` : undefined,
    filter.maxPaise !== undefined ? sql`${feePaise} <= ${filter.maxPaise}` : undefined,
    filter.onlyStuck ? sql`(${stuckAt(filter.now)}) is not null` : undefined,
  );
}

/** Every application the filter keeps, newest first, a page of them and how many in all. */
export async function listForAdmin(
  db: DbOrTx,
  options: { filter: AdminListFilter; limit: number; offset: number },
) {
  const where = whereOf(options.filter);
  const notaryName = sql<
    string | null
  >`(select n.full_name from notary_profiles n where n.user_id = coalesce("applications"."assigned_notary_id", "applications"."notary_id"))`;
  const signatoryCount = sql<number>`(select count(*)::int from application_signatories s where s.application_id = "applications"."id")`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        application: applications,
        ownerName: users.name,
        notaryName,
        signatoryCount,
        statusSince: sql<string>`${statusSince}`,
        stuck: stuckAt(options.filter.now),
      })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.ownerId))
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ n: count() })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.ownerId))
      .where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({
      ...row.application,
      ownerName: row.ownerName,
      notaryName: row.notaryName,
      signatoryCount: Number(row.signatoryCount),
      statusSince: new Date(row.statusSince),
      stuck: row.stuck,
    })),
  };
}

/** One application's stuck state and when it entered its status. */
export async function findStuckState(db: DbOrTx, options: { id: string; now: Date }) {
  const [row] = await db
    .select({ statusSince: sql<string>`${statusSince}`, stuck: stuckAt(options.now) })
    .from(applications)
    .where(eq(applications.id, options.id));
  return row ? { statusSince: new Date(row.statusSince), stuck: row.stuck } : undefined;
}

/** Each application's title, status and notary, by id (the console's session and seal lists). */
export async function findSummaries(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: applications.id,
      title: applications.title,
      status: applications.status,
      notarialAct: applications.notarialAct,
      notaryId: applications.assignedNotaryId,
      notaryName: sql<
        string | null
      >`(select n.full_name from notary_profiles n where n.user_id = "applications"."assigned_notary_id")`,
      statusSince: sql<string>`${statusSince}`,
      signatoryCount: sql<number>`(select count(*)::int from application_signatories s where s.application_id = "applications"."id")`,
    })
    .from(applications)
    .where(inArray(applications.id, [...ids]));
}
