import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/tables/accounts.ts';
import {
  organisationInvitations,
  organisationMembers,
  organisations,
} from '../../db/tables/organisations.ts';

export type OrganisationRow = typeof organisations.$inferSelect;
export type InvitationRow = typeof organisationInvitations.$inferSelect;

export async function insertOrganisation(db: DbOrTx, row: typeof organisations.$inferInsert) {
  const [inserted] = await db.insert(organisations).values(row).returning();
  if (!inserted) throw new Error('organisation not inserted');
  return inserted;
}

export async function updateOrganisation(
  db: DbOrTx,
  id: string,
  changes: Partial<
    Pick<OrganisationRow, 'legalName' | 'gstin' | 'billingAddress' | 'gstState' | 'inHouseNotariesOnly'>
  >,
) {
  const [row] = await db
    .update(organisations)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(organisations.id, id))
    .returning();
  return row;
}

export async function findOrganisation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

const current = and(isNull(organisationMembers.leftAt));

/** The person's current role in the organisation, or undefined when they do not (or no longer) belong. */
export async function currentRole(db: DbOrTx, organisationId: string, userId: string) {
  const [row] = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.userId, userId),
        current,
      ),
    );
  return row?.role;
}

/** The same, locking the organisation's current members (membership changes queue up per organisation). */
export async function lockMembers(db: DbOrTx, organisationId: string) {
  return db
    .select({ userId: organisationMembers.userId, role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), current))
    .for('update');
}

export async function insertMember(
  db: DbOrTx,
  row: { organisationId: string; userId: string; role: string },
) {
  await db.insert(organisationMembers).values(row);
}

export async function setRole(db: DbOrTx, organisationId: string, userId: string, role: string) {
  await db
    .update(organisationMembers)
    .set({ role })
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.userId, userId),
        current,
      ),
    );
}

export async function endMembership(db: DbOrTx, organisationId: string, userId: string) {
  await db
    .update(organisationMembers)
    .set({ leftAt: sql`now()` })
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.userId, userId),
        current,
      ),
    );
}

/** The organisations a person belongs to now, with their role, by name. */
export async function membershipsOf(db: DbOrTx, userId: string) {
  return db
    .select({ id: organisations.id, legalName: organisations.legalName, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.userId, userId), current))
    .orderBy(asc(organisations.legalName));
}

export async function listMembers(db: DbOrTx, organisationId: string) {
  return db
    .select({
      userId: organisationMembers.userId,
      name: users.name,
      email: users.email,
      role: organisationMembers.role,
      joinedAt: organisationMembers.joinedAt,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, organisationId), current))
    .orderBy(asc(organisationMembers.joinedAt));
}

export async function insertInvitation(db: DbOrTx, row: typeof organisationInvitations.$inferInsert) {
  const [inserted] = await db.insert(organisationInvitations).values(row).returning();
  if (!inserted) throw new Error('invitation not inserted');
  return inserted;
}

/** Invitations not yet accepted, withdrawn or expired. */
export async function listOpenInvitations(db: DbOrTx, organisationId: string, now: Date) {
  return db
    .select({ invitation: organisationInvitations, invitedByName: users.name })
    .from(organisationInvitations)
    .innerJoin(users, eq(users.id, organisationInvitations.invitedBy))
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.withdrawnAt),
        gt(organisationInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(organisationInvitations.createdAt));
}

export async function findInvitationByTokenHash(
  db: DbOrTx,
  tokenHash: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(organisationInvitations)
    .where(eq(organisationInvitations.tokenHash, tokenHash));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function markInvitationAccepted(db: DbOrTx, id: string, userId: string) {
  await db
    .update(organisationInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(organisationInvitations.id, id));
}

/** Withdraws an open invitation of this organisation; false when there was none. */
export async function withdrawInvitation(db: DbOrTx, organisationId: string, id: string) {
  const rows = await db
    .update(organisationInvitations)
    .set({ withdrawnAt: sql`now()` })
    .where(
      and(
        eq(organisationInvitations.id, id),
        eq(organisationInvitations.organisationId, organisationId),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.withdrawnAt),
      ),
    )
    .returning({ id: organisationInvitations.id });
  return rows.length > 0;
}
