import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = typeof auditEvents.$inferInsert;

export async function insertEvent(db: DbOrTx, row: NewAuditRow) {
  await db.insert(auditEvents).values(row);
}

export type AuditFilter = {
  /** Free text, already escaped for LIKE. */
  pattern?: string;
  /** Accounts whose name or e-mail matched the free text: their events match too. */
  searchActorIds?: readonly string[];
  action?: string;
  /** The actor filter, resolved to an account; `null` when it named nobody (nothing matches). */
  actorId?: string | null;
  from?: Date;
  /** Exclusive. */
  before?: Date;
};

function whereOf(filter: AuditFilter): SQL | undefined {
  const text = filter.pattern;
  const searchActors = filter.searchActorIds ?? [];
  return and(
    text
      ? or(
          ilike(auditEvents.action, text),
          ilike(auditEvents.subjectId, text),
          ilike(auditEvents.detail, text),
          ilike(auditEvents.ipAddress, text),
          searchActors.length > 0 ? inArray(auditEvents.actorId, [...searchActors]) : undefined,
        )
      : undefined,
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.actorId === null
      ? eq(auditEvents.id, '00000000-0000-0000-0000-000000000000')
      : filter.actorId
        ? eq(auditEvents.actorId, filter.actorId)
        : undefined,
    filter.from ? gte(auditEvents.createdAt, filter.from) : undefined,
    filter.before ? lt(auditEvents.createdAt, filter.before) : undefined,
  );
}

/** Newest first; the total counts every match, so a page past the end still knows how many pages there are. */
export async function listEvents(db: DbOrTx, filter: AuditFilter, window: { limit: number; offset: number }) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
