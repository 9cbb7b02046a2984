import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organisationNotaries } from '../../db/tables/in-house-notaries.ts';
import { organisations } from '../../db/tables/organisations.ts';

export type InHouseLinkRow = typeof organisationNotaries.$inferSelect;

export async function insertLink(db: DbOrTx, row: typeof organisationNotaries.$inferInsert) {
  const [inserted] = await db.insert(organisationNotaries).values(row).onConflictDoNothing().returning();
  return inserted;
}

export const listLinksOf = (db: DbOrTx, organisationId: string) =>
  db
    .select()
    .from(organisationNotaries)
    .where(
      and(
        eq(organisationNotaries.organisationId, organisationId),
        inArray(organisationNotaries.status, ['invited', 'active']),
      ),
    )
    .orderBy(desc(organisationNotaries.createdAt));

export const listLinksOfNotary = (db: DbOrTx, notaryId: string) =>
  db
    .select({ link: organisationNotaries, organisationName: organisations.legalName })
    .from(organisationNotaries)
    .innerJoin(organisations, eq(organisations.id, organisationNotaries.organisationId))
    .where(
      and(
        eq(organisationNotaries.notaryId, notaryId),
        inArray(organisationNotaries.status, ['invited', 'active']),
      ),
    )
    .orderBy(desc(organisationNotaries.createdAt));

/** A link of this organisation (the organisation's side) or of this notary (theirs); undefined for anyone else's. */
export async function findLink(
  db: DbOrTx,
  where: { id: string; organisationId?: string; notaryId?: string },
) {
  const [row] = await db
    .select()
    .from(organisationNotaries)
    .where(
      and(
        eq(organisationNotaries.id, where.id),
        where.organisationId ? eq(organisationNotaries.organisationId, where.organisationId) : undefined,
        where.notaryId ? eq(organisationNotaries.notaryId, where.notaryId) : undefined,
      ),
    );
  return row;
}

/** Moves a link on only from the state it is expected in, so two answers at once change it once. */
export async function updateLink(
  db: DbOrTx,
  options: {
    id: string;
    from: readonly string[];
    changes: Partial<Pick<InHouseLinkRow, 'status' | 'acceptedAt' | 'endedAt' | 'listedForMembers'>>;
  },
) {
  const [row] = await db
    .update(organisationNotaries)
    .set(options.changes)
    .where(
      and(eq(organisationNotaries.id, options.id), inArray(organisationNotaries.status, [...options.from])),
    )
    .returning();
  return row;
}

/** The organisation's accepted notaries. */
export async function activeNotaryIds(db: DbOrTx, organisationId: string) {
  const rows = await db
    .select({ notaryId: organisationNotaries.notaryId })
    .from(organisationNotaries)
    .where(
      and(eq(organisationNotaries.organisationId, organisationId), eq(organisationNotaries.status, 'active')),
    );
  return rows.map((r) => r.notaryId);
}

/** The organisation's accepted notaries who chose not to be listed in the directory for its members. */
export async function unlistedNotaryIds(db: DbOrTx, organisationId: string) {
  const rows = await db
    .select({ notaryId: organisationNotaries.notaryId })
    .from(organisationNotaries)
    .where(
      and(
        eq(organisationNotaries.organisationId, organisationId),
        eq(organisationNotaries.status, 'active'),
        sql`not ${organisationNotaries.listedForMembers}`,
      ),
    );
  return rows.map((r) => r.notaryId);
}
