import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applications, ledgerEntries, ledgerPostings, walletBalances } from '../../db/schema.ts';

/** The posting's header, once per cause key: undefined when one with this cause exists already. */
export async function insertPosting(tx: DbOrTx, row: typeof ledgerPostings.$inferInsert) {
  const [posting] = await tx
    .insert(ledgerPostings)
    .values(row)
    .onConflictDoNothing({ target: ledgerPostings.causeKey })
    .returning({ id: ledgerPostings.id });
  return posting;
}

export async function insertEntries(tx: DbOrTx, rows: Array<typeof ledgerEntries.$inferInsert>) {
  await tx.insert(ledgerEntries).values(rows);
}

export async function creditWallet(tx: DbOrTx, options: { userId: string; amountPaise: number }) {
  await tx
    .insert(walletBalances)
    .values({ userId: options.userId, balancePaise: options.amountPaise })
    .onConflictDoUpdate({
      target: walletBalances.userId,
      set: {
        balancePaise: sql`${walletBalances.balancePaise} + ${options.amountPaise}`,
        updatedAt: sql`now()`,
      },
    });
}

/** Guarded debit: the row changes only if the balance covers it; false when it did not. */
export async function debitWallet(tx: DbOrTx, options: { userId: string; amountPaise: number }) {
  const updated = await tx
    .update(walletBalances)
    .set({
      balancePaise: sql`${walletBalances.balancePaise} - ${options.amountPaise}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(walletBalances.userId, options.userId),
        sql`${walletBalances.balancePaise} >= ${options.amountPaise}`,
      ),
    )
    .returning({ balance: walletBalances.balancePaise });
  return updated.length > 0;
}

export async function walletBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: walletBalances.balancePaise })
    .from(walletBalances)
    .where(eq(walletBalances.userId, userId));
  return row?.balance ?? 0;
}

/** Locks the user's wallet row for the rest of the transaction (creating it at zero if new). */
export async function lockWallet(tx: DbOrTx, userId: string): Promise<number> {
  await tx.insert(walletBalances).values({ userId, balancePaise: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: walletBalances.balancePaise })
    .from(walletBalances)
    .where(eq(walletBalances.userId, userId))
    .for('update');
  return row?.balance ?? 0;
}

/** A user's wallet entries, newest first, with their posting and the application's title; `kinds` filters. */
export async function listWalletEntries(
  db: DbOrTx,
  options: { userId: string; kinds?: string[]; limit: number; offset: number },
) {
  const where = and(
    eq(ledgerEntries.account, 'wallet'),
    eq(ledgerEntries.userId, options.userId),
    options.kinds ? inArray(ledgerPostings.kind, options.kinds) : undefined,
  );
  const rows = await db
    .select({
      id: ledgerEntries.id,
      amountPaise: ledgerEntries.amountPaise,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerPostings.kind,
      description: ledgerPostings.description,
      applicationId: ledgerPostings.applicationId,
      applicationTitle: applications.title,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .leftJoin(applications, eq(applications.id, ledgerPostings.applicationId))
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
