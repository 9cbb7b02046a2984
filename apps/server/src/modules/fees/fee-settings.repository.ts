import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { feeSettings, users } from '../../db/schema.ts';

export type FeeSettingsRow = typeof feeSettings.$inferSelect;

/** The newest version, or undefined before the first change. */
export async function findLatest(db: DbOrTx): Promise<FeeSettingsRow | undefined> {
  const [row] = await db.select().from(feeSettings).orderBy(desc(feeSettings.createdAt)).limit(1);
  return row;
}

/** Every version, newest first, with the name of the admin who made it. */
export function listVersions(db: DbOrTx) {
  return db
    .select({ row: feeSettings, changedBy: users.name })
    .from(feeSettings)
    .leftJoin(users, eq(users.id, feeSettings.changedBy))
    .orderBy(desc(feeSettings.createdAt));
}

export async function insertVersion(db: DbOrTx, row: typeof feeSettings.$inferInsert) {
  await db.insert(feeSettings).values(row);
}
