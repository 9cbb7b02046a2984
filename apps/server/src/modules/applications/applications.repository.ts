import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import {
  applicationEvents,
  applicationSignatories,
  applications,
  notaryRequests,
  organisationMembers,
  users,
} from '../../db/schema.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type SignatoryRow = typeof applicationSignatories.$inferSelect;
export type ApplicationChanges = Partial<typeof applications.$inferInsert>;

/**
 * For whom the request acts (decision 0068): an organisation the viewer belongs to (checked by the organisations
 * module from the X-Acting-As header) and whether they are its owner or admin; null for the personal account. Which
 * organisation applications a viewer may read by id is decided in the reads' SQL from the current membership rows.
 */
export type ViewerOrganisations = {
  actingFor: string | null;
  managesActing: boolean;
  /** An organisation's API key (decision 0070): only the organisation's records, never its creator's own. */
  organisationOnly?: boolean;
};

/** Who is asking. Every read and write is scoped by it, so another user's id is simply not found. */
export type Viewer = { userId: string; role: string; organisations?: ViewerOrganisations };

export async function insertApplication(
  db: DbOrTx,
  ownerId: string,
  organisationId: string | null = null,
): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values({ ownerId, organisationId }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export type SignatorySummary = Pick<
  SignatoryRow,
  'id' | 'fullName' | 'email' | 'mobile' | 'dateOfBirth' | 'role' | 'progress'
>;
export type ReadableApplication = ApplicationRow & {
  ownerName: string;
  /** The viewer's current role in the application's organisation (owner, admin, member), or null. */
  viewerOrganisationRole: string | null;
  signatories: SignatorySummary[];
  notaryRequestExpiresAt: Date | null;
  /** The version of the chosen notary's row (the notaries module keeps their card by it); null without one. */
  notaryVersion: string | null;
};

// The signatories come with the application in one round trip (the view is the most read screen).
const signatoriesJson = sql<SignatorySummary[]>`coalesce((
  select json_agg(json_build_object(
    'id', s.id, 'fullName', s.full_name, 'email', s.email, 'mobile', s.mobile,
    'dateOfBirth', s.date_of_birth, 'role', s.role, 'progress', s.progress
  ) order by s.position)
  from application_signatories s where s.application_id = "applications"."id"
), '[]'::json)`;

/** When the application's open request for a notary lapses (null when none is open). */
const openRequestExpiresAt = sql<Date | null>`(
  select r.expires_at from notary_requests r where r.application_id = "applications"."id" and r.status = 'open'
  limit 1
)`.mapWith(notaryRequests.expiresAt);

// Read-only, one column of the notaries module's table: the version of the chosen notary's row (PostgreSQL's xmin,
// new with every update), by which the notaries service keeps their card (getApplicationNotaryAt).
const notaryVersion = sql<string | null>`(
  select p.xmin::text from notary_profiles p where p.user_id = "applications"."notary_id"
)`;

/**
 * The viewer's current membership of the application's organisation (none for a personal application), joined once
 * (at most one current row: `organisation_members_current_key`). Read-only, from the organisations module's rows
 * (decision 0068). A subquery evaluated in the select and twice in the condition cost the view about 12 µs of
 * PostgreSQL's time per read (decision 0087).
 */
const viewerMembership = alias(organisationMembers, 'viewer_membership');

// The owner, the notary the request reached, and admins may read an application; nobody else sees that it exists.
// The view's read (and every record-access check under an application's id), prepared (db/prepared.ts): one
// statement for admins, who read any application, and one for everyone else.
const readableQuery = (db: DbOrTx, asAdmin: boolean) => {
  const id = eq(applications.id, sql.placeholder('id'));
  const viewerId = sql.placeholder('viewerId');
  // Owned (and, when the organisation's, only while they still belong), managed in its organisation by an owner or
  // admin, or reached as notary.
  const party = or(
    and(
      eq(applications.ownerId, viewerId),
      or(sql`${applications.organisationId} is null`, sql`${viewerMembership.role} is not null`),
    ),
    sql`${viewerMembership.role} in ('owner', 'admin')`,
    eq(applications.assignedNotaryId, viewerId),
  );
  return db
    .select({
      application: applications,
      ownerName: users.name,
      signatories: signatoriesJson,
      notaryRequestExpiresAt: openRequestExpiresAt,
      notaryVersion,
      viewerOrganisationRole: viewerMembership.role,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.ownerId))
    .leftJoin(
      viewerMembership,
      and(
        eq(viewerMembership.organisationId, applications.organisationId),
        eq(viewerMembership.userId, viewerId),
        isNull(viewerMembership.leftAt),
      ),
    )
    .where(asAdmin ? id : and(id, party))
    .limit(1)
    .prepare(asAdmin ? 'applications_readable_admin' : 'applications_readable');
};
const readableByAdmin = preparedPerHandle((db) => readableQuery(db, true));
const readableByParty = preparedPerHandle((db) => readableQuery(db, false));

export async function findReadable(
  db: DbOrTx,
  options: { id: string; viewer: Viewer },
): Promise<ReadableApplication | undefined> {
  const query = options.viewer.role === 'admin' ? readableByAdmin : readableByParty;
  const [row] = await query(db).execute({ id: options.id, viewerId: options.viewer.userId });
  return row
    ? {
        ...row.application,
        ownerName: row.ownerName,
        signatories: row.signatories,
        notaryRequestExpiresAt: row.notaryRequestExpiresAt,
        notaryVersion: row.notaryVersion,
        viewerOrganisationRole: row.viewerOrganisationRole,
      }
    : undefined;
}

/** The application as the signatories' portal shows it, with its owner's and chosen notary's names. */
export async function findWithNames(db: DbOrTx, id: string) {
  const notaryUsers = sql`(select name from ${users} where ${users.id} = ${applications.notaryId})`;
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      title: applications.title,
      documentType: applications.documentType,
      ownerId: applications.ownerId,
      organisationId: applications.organisationId,
      ownerName: users.name,
      /** The owner's language: a signatory who never chose one gets their e-mails in it. */
      ownerLanguage: users.language,
      notaryName: sql<string | null>`${notaryUsers}`,
      notaryRequestExpiresAt: openRequestExpiresAt,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.ownerId))
    .where(eq(applications.id, id));
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

export async function findIdsInStatus(db: DbOrTx, status: string): Promise<string[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.status, status));
  return rows.map((row) => row.id);
}

export async function countOwnedBy(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(sql`${applications.ownerId} = ${ownerId}`);
  return row?.n ?? 0;
}

/** Every application of one owner, locked (closing their account, issue 26). */
export async function findAllOwnedForUpdate(db: DbOrTx, ownerId: string): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(eq(applications.ownerId, ownerId))
    .orderBy(asc(applications.createdAt))
    .for('update');
}

export async function setInitialsOnEveryPage(db: DbOrTx, options: { id: string; value: boolean }) {
  await db
    .update(applications)
    .set({ initialsOnEveryPage: options.value, updatedAt: new Date() })
    .where(eq(applications.id, options.id));
}

/** The owner's row, locked for a change: two tabs saving or submitting at once are serialised. */
export async function findOwnedForUpdate(
  db: DbOrTx,
  options: { id: string; ownerId: string },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, options.id), eq(applications.ownerId, options.ownerId)))
    .for('update')
    .limit(1);
  return row;
}

/** Any application by id, locked (system transitions: payment, identity, the session). */
export async function findByIdForUpdate(db: DbOrTx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).for('update').limit(1);
  return row;
}

export async function updateApplication(db: DbOrTx, id: string, changes: ApplicationChanges) {
  const [row] = await db
    .update(applications)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(applications.id, id))
    .returning();
  if (!row) throw new Error(`application ${id} vanished`);
  return row;
}

/** The uploaded document is gone (a closed account's ended application); the row stays for its payment. */
export async function clearDocument(db: DbOrTx, id: string) {
  await db.update(applications).set({ document: null }).where(eq(applications.id, id));
}

/**
 * The signatories of an application that ended unsealed, once its owner's account closes: their names, addresses and
 * contact details go; the rows stay (their count and roles are part of the kept payment's record).
 */
export async function pseudonymiseSignatories(db: DbOrTx, applicationId: string): Promise<number> {
  const rows = await db
    .update(applicationSignatories)
    .set({
      fullName: 'Erased signatory',
      email: sql`'erased-' || ${applicationSignatories.id} || '@erased.invalid'`,
      mobile: '',
      address: null,
    })
    .where(eq(applicationSignatories.applicationId, applicationId))
    .returning({ id: applicationSignatories.id });
  return rows.length;
}

export async function deleteApplication(db: DbOrTx, id: string) {
  await db.delete(applications).where(eq(applications.id, id));
}

export async function listSignatories(db: DbOrTx, applicationId: string): Promise<SignatoryRow[]> {
  return db
    .select()
    .from(applicationSignatories)
    .where(eq(applicationSignatories.applicationId, applicationId))
    .orderBy(asc(applicationSignatories.position));
}

/** Signatories of applications in `status` whose portal progress is one of `progress` (the reminders' sweep). */
export async function listSignatoriesInProgress(
  db: DbOrTx,
  options: { status: string; progress: readonly string[] },
): Promise<Array<{ applicationId: string; signatoryId: string }>> {
  return db
    .select({ applicationId: applicationSignatories.applicationId, signatoryId: applicationSignatories.id })
    .from(applicationSignatories)
    .innerJoin(applications, eq(applications.id, applicationSignatories.applicationId))
    .where(
      and(
        eq(applications.status, options.status),
        inArray(applicationSignatories.progress, [...options.progress]),
      ),
    );
}

export async function findSignatory(db: DbOrTx, options: { applicationId: string; signatoryId: string }) {
  const [row] = await db
    .select()
    .from(applicationSignatories)
    .where(
      and(
        eq(applicationSignatories.id, options.signatoryId),
        eq(applicationSignatories.applicationId, options.applicationId),
      ),
    );
  return row;
}

export async function setProgress(db: DbOrTx, options: { signatoryId: string; progress: string }) {
  await db
    .update(applicationSignatories)
    .set({ progress: options.progress })
    .where(eq(applicationSignatories.id, options.signatoryId));
}

export async function setAddress(db: DbOrTx, options: { signatoryId: string; address: string }) {
  await db
    .update(applicationSignatories)
    .set({ address: options.address })
    .where(eq(applicationSignatories.id, options.signatoryId));
}

/** Moves a signatory on only from the step expected: a replayed or raced request changes nothing. */
export async function advanceProgress(
  db: DbOrTx,
  options: { signatoryId: string; from: string; to: string },
) {
  const rows = await db
    .update(applicationSignatories)
    .set({ progress: options.to })
    .where(
      and(
        eq(applicationSignatories.id, options.signatoryId),
        eq(applicationSignatories.progress, options.from),
      ),
    )
    .returning({ id: applicationSignatories.id });
  return rows.length > 0;
}

export async function setSignOrder(db: DbOrTx, options: { signatoryId: string; signOrder: number }) {
  await db
    .update(applicationSignatories)
    .set({ signOrder: options.signOrder })
    .where(eq(applicationSignatories.id, options.signatoryId));
}

/**
 * Saves the signatory list in the order given. A signatory whose e-mail stays keeps their row (and with it their
 * signature boxes); those left out are removed with their boxes; new ones are added.
 */
export async function replaceSignatories(
  db: DbOrTx,
  options: {
    applicationId: string;
    signatories: Array<Omit<typeof applicationSignatories.$inferInsert, 'applicationId' | 'position'>>;
  },
) {
  const where = eq(applicationSignatories.applicationId, options.applicationId);
  const existing = await db
    .select({ id: applicationSignatories.id, email: applicationSignatories.email })
    .from(applicationSignatories)
    .where(where);
  const idByEmail = new Map(existing.map((row) => [row.email.toLowerCase(), row.id]));
  const keptIds = options.signatories.map((s) => idByEmail.get(s.email.toLowerCase()));
  const kept = new Set(keptIds.filter((id): id is string => id !== undefined));
  const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length > 0)
    await db.delete(applicationSignatories).where(inArray(applicationSignatories.id, gone));
  // Positions are unique per application: kept rows step out of the way before taking their new places.
  for (const [index, id] of [...kept].entries())
    await db
      .update(applicationSignatories)
      .set({ position: -1 - index })
      .where(eq(applicationSignatories.id, id));
  for (const [position, signatory] of options.signatories.entries()) {
    const id = keptIds[position];
    if (id)
      await db
        .update(applicationSignatories)
        .set({ ...signatory, position })
        .where(eq(applicationSignatories.id, id));
    else
      await db
        .insert(applicationSignatories)
        .values({ ...signatory, applicationId: options.applicationId, position });
  }
}

export async function insertEvent(db: DbOrTx, row: typeof applicationEvents.$inferInsert) {
  await db.insert(applicationEvents).values(row);
}

/** The latest move into `status` (when and by whom an application failed, was cancelled, …). */
export async function findLatestEventInto(db: DbOrTx, options: { applicationId: string; status: string }) {
  const [row] = await db
    .select()
    .from(applicationEvents)
    .where(
      and(
        eq(applicationEvents.applicationId, options.applicationId),
        eq(applicationEvents.toStatus, options.status),
      ),
    )
    .orderBy(desc(applicationEvents.createdAt))
    .limit(1);
  return row;
}

export async function listEvents(db: DbOrTx, applicationId: string) {
  return db
    .select({ event: applicationEvents, actorName: users.name })
    .from(applicationEvents)
    .leftJoin(users, eq(users.id, applicationEvents.actorId))
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));
}

const escapeLike = (value: string) => value.replace(/[%_\\]/g, (c) => `\\${c}`);

type ListFilter = { status: boolean; search: boolean };

/** Who may see the row (owned, or reached as notary), and the filters asked for, as placeholders. */
function listWhere(filter: ListFilter) {
  const viewerId = sql.placeholder('viewerId');
  const pattern = sql.placeholder('pattern');
  const actingFor = sql.placeholder('actingFor');
  return and(
    or(
      // The personal account: the viewer's own applications outside organisations, and those reached as notary.
      and(
        sql`${actingFor}::uuid is null`,
        or(
          and(eq(applications.ownerId, viewerId), sql`${applications.organisationId} is null`),
          eq(applications.assignedNotaryId, viewerId),
        ),
      ),
      // Acting for an organisation: all of its applications for an owner or admin, a member's own otherwise.
      and(
        sql`${applications.organisationId} = ${actingFor}::uuid`,
        or(eq(applications.ownerId, viewerId), sql`${sql.placeholder('managesActing')}::boolean`),
      ),
    ),
    filter.status ? eq(applications.status, sql.placeholder('status')) : undefined,
    filter.search
      ? or(ilike(applications.title, pattern), ilike(applications.description, pattern))
      : undefined,
  );
}

/**
 * The columns a list item is made of (and its fee: the fixed amount, or a draft's act for a live quote). Not the
 * whole row: each request would send, decode and map the document's and the description's columns for nothing.
 */
const listColumns = {
  id: applications.id,
  title: applications.title,
  documentType: applications.documentType,
  notaryChoice: applications.notaryChoice,
  notarialAct: applications.notarialAct,
  status: applications.status,
  fee: applications.fee,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
};

function listQuery(db: DbOrTx, filter: ListFilter, firstPage: boolean) {
  // Spelled out: inside a one-table select Drizzle writes columns unqualified, which would bind to the inner table.
  // Correlated, not joined: they run only for the rows of the page (the Limit pulls those alone), where a join
  // would count the signatories of every matching application first.
  const signatoryCount = sql<number>`(select count(*)::int from application_signatories s where s.application_id = "applications"."id")`;
  // The named notary's name in the same query (no lookup per row).
  const notaryName = sql<
    string | null
  >`(select n.full_name from notary_profiles n where n.user_id = "applications"."notary_id")`;
  // The total comes with the page (a window over every matching row), not from a second statement.
  const total = sql<number>`count(*) over()`.mapWith(Number);
  const page = db
    .select({ application: listColumns, signatoryCount, notaryName, total })
    .from(applications)
    .where(listWhere(filter))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(sql.placeholder('limit'))
    .$dynamic();
  // The first page has no OFFSET at all. With an `offset $n` PostgreSQL's generic plan assumes rows are skipped and
  // costs more than a plan made for offset 0, so it re-planned the statement on every execution (custom plans: about
  // 190 µs of the server's CPU per list, against 68 µs for the cached generic plan; decision 0087).
  const name = `applications_list${filter.status ? '_status' : ''}${filter.search ? '_search' : ''}`;
  return (firstPage ? page : page.offset(sql.placeholder('offset'))).prepare(
    firstPage ? `${name}_first` : name,
  );
}

const listQueriesFor = (firstPage: boolean) => ({
  plain: preparedPerHandle((db) => listQuery(db, { status: false, search: false }, firstPage)),
  status: preparedPerHandle((db) => listQuery(db, { status: true, search: false }, firstPage)),
  search: preparedPerHandle((db) => listQuery(db, { status: false, search: true }, firstPage)),
  statusAndSearch: preparedPerHandle((db) => listQuery(db, { status: true, search: true }, firstPage)),
});
// Prepared (db/prepared.ts), one statement per combination of filters, for the first page and for the later ones.
const listQueries = { first: listQueriesFor(true), later: listQueriesFor(false) };

/** The caller's applications (owned, or reached them as notary), newest first. Admins see their own here too. */
export async function listForViewer(
  db: DbOrTx,
  options: { viewer: Viewer; status?: string; search?: string; limit: number; offset: number },
) {
  const { status, search } = options;
  const query =
    listQueries[options.offset === 0 ? 'first' : 'later'][
      status ? (search ? 'statusAndSearch' : 'status') : search ? 'search' : 'plain'
    ];
  const values = {
    viewerId: options.viewer.userId,
    actingFor: options.viewer.organisations?.actingFor ?? null,
    managesActing: options.viewer.organisations?.managesActing ?? false,
    status: status ?? null,
    pattern: search ? `%${escapeLike(search)}%` : null,
    limit: options.limit,
    offset: options.offset,
  };
  const rows = await query(db).execute(values);
  return {
    // A page past the end has no row to carry the total: only then is it counted on its own.
    total:
      rows[0]?.total ??
      (options.offset > 0
        ? await countWhere(db, listWhere({ status: Boolean(status), search: Boolean(search) }), values)
        : 0),
    rows: rows.map((r) => ({
      ...r.application,
      signatoryCount: Number(r.signatoryCount),
      notaryName: r.notaryName,
    })),
  };
}

async function countWhere(db: DbOrTx, where: SQL | undefined, values: Record<string, unknown>) {
  const [row] = await db.select({ n: count() }).from(applications).where(where).prepare('').execute(values);
  return row?.n ?? 0;
}

/** How many applications are in this status, whoever owns them (the admin dashboard). */
export async function countInStatus(db: DbOrTx, status: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(applications).where(eq(applications.status, status));
  return row?.n ?? 0;
}

/** The title and fixed fee of each application named (a notary's payout statement), in one statement. */
export async function findFees(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: applications.id, title: applications.title, fee: applications.fee })
    .from(applications)
    .where(inArray(applications.id, [...ids]));
}
