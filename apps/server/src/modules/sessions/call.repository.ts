import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessionEvents } from '../../db/schema.ts';

export type SessionEventRow = typeof sessionEvents.$inferSelect;

export async function insertEvent(db: DbOrTx, row: typeof sessionEvents.$inferInsert) {
  await db.insert(sessionEvents).values(row);
}

/** The session's events, oldest first; only those of `kinds` when given. */
export function listEvents(db: DbOrTx, applicationId: string, kinds?: readonly string[]) {
  return db
    .select()
    .from(sessionEvents)
    .where(
      and(
        eq(sessionEvents.applicationId, applicationId),
        kinds ? inArray(sessionEvents.kind, [...kinds]) : undefined,
      ),
    )
    .orderBy(asc(sessionEvents.createdAt));
}

/** The newest of the application's events of these kinds. */
export async function findLatestEvent(
  db: DbOrTx,
  options: { applicationId: string; kinds: readonly string[]; signatoryId?: string },
) {
  const [row] = await db
    .select({ kind: sessionEvents.kind, at: sessionEvents.createdAt })
    .from(sessionEvents)
    .where(
      and(
        eq(sessionEvents.applicationId, options.applicationId),
        options.signatoryId ? eq(sessionEvents.signatoryId, options.signatoryId) : undefined,
        inArray(sessionEvents.kind, [...options.kinds]),
      ),
    )
    .orderBy(desc(sessionEvents.createdAt))
    .limit(1);
  return row;
}

/** Signatories the notary removed from this session. */
export async function findRemovedSignatoryIds(db: DbOrTx, applicationId: string) {
  const rows = await db
    .select({ signatoryId: sessionEvents.signatoryId })
    .from(sessionEvents)
    .where(and(eq(sessionEvents.applicationId, applicationId), eq(sessionEvents.kind, 'removed')));
  return rows.flatMap((row) => (row.signatoryId ? [row.signatoryId] : []));
}

export async function hasJoined(db: DbOrTx, options: { applicationId: string; participant: string }) {
  const [row] = await db
    .select({ id: sessionEvents.id })
    .from(sessionEvents)
    .where(
      and(
        eq(sessionEvents.applicationId, options.applicationId),
        eq(sessionEvents.actor, options.participant),
        eq(sessionEvents.kind, 'joined'),
      ),
    )
    .limit(1);
  return Boolean(row);
}
