import type { DbOrTx } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

/** Inserts the address unless it is already there; returns whether a new row was written. */
export async function insertSubscriberOnce(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email })
    // The only unique key besides the id is lower(email): a conflict means "already subscribed".
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
