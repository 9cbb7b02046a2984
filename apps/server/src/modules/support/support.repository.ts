import { and, asc, count, desc, eq, gt, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { supportMessages, supportReplyTokens, supportTickets } from '../../db/schema.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicketRow = typeof supportTickets.$inferInsert;
export type MessageRow = typeof supportMessages.$inferSelect;

export async function insertTicket(db: DbOrTx, row: NewTicketRow): Promise<TicketRow> {
  const [created] = await db.insert(supportTickets).values(row).returning();
  if (!created) throw new Error('ticket insert returned nothing');
  return created;
}

export async function findTicket(db: DbOrTx, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  return row;
}

/** The ticket, locked until the transaction ends: two admins acting on one ticket queue. */
export async function findTicketForUpdate(db: DbOrTx, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  return row;
}

export async function updateTicket(
  db: DbOrTx,
  options: {
    id: string;
    set: Partial<Pick<NewTicketRow, 'status' | 'assigneeId' | 'firstResponseAt' | 'lastActivityAt'>>;
  },
) {
  await db.update(supportTickets).set(options.set).where(eq(supportTickets.id, options.id));
}

export type TicketFilter = {
  statuses?: readonly string[];
  /** An admin's id, or `null` for unassigned tickets. */
  assigneeId?: string | null;
  /** Free text, already escaped for LIKE. */
  pattern?: string;
};

function whereOf(filter: TicketFilter): SQL | undefined {
  const statuses = filter.statuses ?? [];
  return and(
    statuses.length === 1 ? eq(supportTickets.status, statuses[0] as string) : undefined,
    statuses.length === 3 ? ne(supportTickets.status, 'closed') : undefined,
    filter.assigneeId === null ? isNull(supportTickets.assigneeId) : undefined,
    filter.assigneeId ? eq(supportTickets.assigneeId, filter.assigneeId) : undefined,
    filter.pattern
      ? or(
          ilike(supportTickets.reference, filter.pattern),
          ilike(supportTickets.name, filter.pattern),
          ilike(supportTickets.email, filter.pattern),
          ilike(supportTickets.message, filter.pattern),
        )
      : undefined,
  );
}

/** Latest activity first; the total counts every match, so a page past the end still knows the page count. */
export async function listTickets(
  db: DbOrTx,
  options: { filter: TicketFilter; window: { limit: number; offset: number } },
) {
  const where = whereOf(options.filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.id))
      .limit(options.window.limit)
      .offset(options.window.offset),
    db.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many tickets are not closed, and when each of those still unanswered was filed. */
export async function findActiveTicketTimes(db: DbOrTx) {
  const [[total], unanswered] = await Promise.all([
    db.select({ n: count() }).from(supportTickets).where(ne(supportTickets.status, 'closed')),
    db
      .select({ createdAt: supportTickets.createdAt })
      .from(supportTickets)
      .where(and(ne(supportTickets.status, 'closed'), isNull(supportTickets.firstResponseAt))),
  ]);
  return { active: total?.n ?? 0, unansweredSince: unanswered.map((row) => row.createdAt) };
}

export function listTicketsOfUser(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.lastActivityAt))
    .limit(100);
}

export async function insertMessage(db: DbOrTx, row: typeof supportMessages.$inferInsert) {
  const [created] = await db.insert(supportMessages).values(row).returning();
  if (!created) throw new Error('message insert returned nothing');
  return created;
}

export function listMessages(db: DbOrTx, ticketId: string) {
  return db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

export async function insertReplyToken(db: DbOrTx, options: { ticketId: string; tokenHash: string }) {
  await db.insert(supportReplyTokens).values(options);
}

/** The ticket a reply link opens, while the link has not expired. */
export async function findTicketIdByTokenHash(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ ticketId: supportReplyTokens.ticketId })
    .from(supportReplyTokens)
    .where(and(eq(supportReplyTokens.tokenHash, tokenHash), gt(supportReplyTokens.expiresAt, new Date())));
  return row?.ticketId;
}

/** A closed account's tickets: those it filed signed in, and those sent from its address as a visitor. */
export async function deleteTicketsOf(db: DbOrTx, options: { userId: string; email: string }) {
  const rows = await db
    .delete(supportTickets)
    .where(
      or(
        eq(supportTickets.userId, options.userId),
        sql`lower(${supportTickets.email}) = lower(${options.email})`,
      ),
    )
    .returning({ id: supportTickets.id });
  return rows.length;
}
