import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bulkImports } from '../../db/tables/bulk.ts';

export type BulkImportRow = typeof bulkImports.$inferSelect;

export async function insertImport(db: DbOrTx, row: typeof bulkImports.$inferInsert) {
  const [inserted] = await db.insert(bulkImports).values(row).returning();
  if (!inserted) throw new Error('bulk import not inserted');
  return inserted;
}

export async function findImport(db: DbOrTx, options: { id: string; organisationId: string }) {
  const [row] = await db
    .select()
    .from(bulkImports)
    .where(and(eq(bulkImports.id, options.id), eq(bulkImports.organisationId, options.organisationId)));
  return row;
}

/** The organisation's imports, newest first; only the caller's own unless `createdBy` is left out (managers). */
export const listImports = (
  db: DbOrTx,
  options: { organisationId: string; createdBy?: string; limit: number },
) =>
  db
    .select()
    .from(bulkImports)
    .where(
      and(
        eq(bulkImports.organisationId, options.organisationId),
        options.createdBy ? eq(bulkImports.createdBy, options.createdBy) : undefined,
      ),
    )
    .orderBy(desc(bulkImports.createdAt))
    .limit(options.limit);
