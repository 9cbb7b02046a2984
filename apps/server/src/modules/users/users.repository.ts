import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function updateProfile(db: DbOrTx, options: { userId: string; name?: string; mobile?: string }) {
  const [row] = await db
    .update(users)
    .set({
      ...(options.name === undefined ? {} : { name: options.name }),
      ...(options.mobile === undefined ? {} : { mobile: options.mobile }),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, options.userId))
    .returning();
  if (!row) throw new Error(`user ${options.userId} vanished`);
  return row;
}

/** Creates the account, or (when `overwrite`) makes an existing one match: used by the admin bootstrap and demo seed. */
export async function upsertAccount(
  db: DbOrTx,
  options: { row: typeof users.$inferInsert; overwrite: boolean },
): Promise<'created' | 'updated' | 'kept'> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${options.row.email})`)
    .limit(1);
  if (!existing) {
    await db.insert(users).values(options.row).onConflictDoNothing();
    return 'created';
  }
  if (!options.overwrite) return 'kept';
  const { email: _email, ...changes } = options.row;
  await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, existing.id));
  return 'updated';
}
