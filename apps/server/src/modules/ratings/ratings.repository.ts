import { avg, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessionRatings } from '../../db/schema.ts';

export type RatingRow = typeof sessionRatings.$inferSelect;

/** Stores the rating unless the application has one: the row, or undefined when it was rated already. */
export async function insertRating(
  db: DbOrTx,
  row: Omit<typeof sessionRatings.$inferInsert, 'id' | 'createdAt'>,
): Promise<RatingRow | undefined> {
  const [inserted] = await db
    .insert(sessionRatings)
    .values(row)
    .onConflictDoNothing({ target: sessionRatings.applicationId })
    .returning();
  return inserted;
}

export async function findByApplication(db: DbOrTx, applicationId: string) {
  const [row] = await db.select().from(sessionRatings).where(eq(sessionRatings.applicationId, applicationId));
  return row;
}

/** The notary's mean stars (as PostgreSQL computes it, a numeric string) and how many ratings. */
export async function summarise(db: DbOrTx, notaryId: string) {
  const [row] = await db
    .select({ average: avg(sessionRatings.stars), count: count() })
    .from(sessionRatings)
    .where(eq(sessionRatings.notaryId, notaryId));
  return { average: row?.average ?? null, count: row?.count ?? 0 };
}

/** The notary's ratings, newest first (ties by id, so pages do not overlap). */
export async function listForNotary(
  db: DbOrTx,
  options: { notaryId: string; limit: number; offset: number },
) {
  return db
    .select()
    .from(sessionRatings)
    .where(eq(sessionRatings.notaryId, options.notaryId))
    .orderBy(desc(sessionRatings.createdAt), desc(sessionRatings.id))
    .limit(options.limit)
    .offset(options.offset);
}
