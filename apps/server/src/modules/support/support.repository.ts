import type { DbOrTx } from '../../db/client.ts';
import { supportTickets } from '../../db/schema.ts';

export type NewTicketRow = typeof supportTickets.$inferInsert;

export async function insertTicket(
  db: DbOrTx,
  row: NewTicketRow,
): Promise<{ id: string; reference: string }> {
  const [created] = await db
    .insert(supportTickets)
    .values(row)
    .returning({ id: supportTickets.id, reference: supportTickets.reference });
  if (!created) throw new Error('ticket insert returned nothing');
  return created;
}
