import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dataExports } from '../../db/schema.ts';

export type DataExportRow = typeof dataExports.$inferSelect;

export async function insertExport(db: DbOrTx, row: typeof dataExports.$inferInsert) {
  const [inserted] = await db.insert(dataExports).values(row).returning();
  if (!inserted) throw new Error('data export not inserted');
  return inserted;
}

export async function findLatestOf(db: DbOrTx, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return row;
}

export async function findPreparingOf(db: DbOrTx, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'preparing')));
  return row;
}

export async function findOfUser(db: DbOrTx, options: { id: string; userId: string }) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, options.id), eq(dataExports.userId, options.userId)));
  return row;
}

export async function findPreparingIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(eq(dataExports.status, 'preparing'))
    .orderBy(dataExports.requestedAt);
  return rows.map((r) => r.id);
}

export async function findExpired(db: DbOrTx, now: Date): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)));
}

/** Moves a row on only from the status the caller saw: a second run (or process) finds nothing to do. */
export async function updateFrom(
  db: DbOrTx,
  options: { id: string; from: string },
  changes: Partial<typeof dataExports.$inferInsert>,
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .update(dataExports)
    .set(changes)
    .where(and(eq(dataExports.id, options.id), eq(dataExports.status, options.from)))
    .returning();
  return row;
}

export async function findById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** PostgreSQL's unique_violation, through drizzle's wrapping: a second `preparing` export of one person. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let i = 0; i < 3 && typeof current === 'object' && current !== null; i += 1) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export async function findAllOf(db: DbOrTx, userId: string): Promise<DataExportRow[]> {
  return db.select().from(dataExports).where(eq(dataExports.userId, userId));
}
