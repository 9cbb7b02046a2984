import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  applications,
  ledgerEntries,
  ledgerPostings,
  organisationWalletBalances,
  walletBalances,
} from '../../db/schema.ts';

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

/** Whose wallet: a person's or an organisation's (decision 0068). */
export type WalletOwner = { userId: string } | { organisationId: string };

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

export async function creditOrganisationWallet(
  tx: DbOrTx,
  options: { organisationId: string; amountPaise: number },
) {
  await tx
    .insert(organisationWalletBalances)
    .values({ organisationId: options.organisationId, balancePaise: options.amountPaise })
    .onConflictDoUpdate({
      target: organisationWalletBalances.organisationId,
      set: {
        balancePaise: sql`${organisationWalletBalances.balancePaise} + ${options.amountPaise}`,
        updatedAt: sql`now()`,
      },
    });
}

/** Guarded debit of an organisation's wallet, as debitWallet. */
export async function debitOrganisationWallet(
  tx: DbOrTx,
  options: { organisationId: string; amountPaise: number },
) {
  const updated = await tx
    .update(organisationWalletBalances)
    .set({
      balancePaise: sql`${organisationWalletBalances.balancePaise} - ${options.amountPaise}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(organisationWalletBalances.organisationId, options.organisationId),
        sql`${organisationWalletBalances.balancePaise} >= ${options.amountPaise}`,
      ),
    )
    .returning({ balance: organisationWalletBalances.balancePaise });
  return updated.length > 0;
}

export async function organisationWalletBalance(db: DbOrTx, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ balance: organisationWalletBalances.balancePaise })
    .from(organisationWalletBalances)
    .where(eq(organisationWalletBalances.organisationId, organisationId));
  return row?.balance ?? 0;
}

/** The entries of a person's wallet or an organisation's, newest first, with their posting and the application's title. */
export async function listWalletEntries(
  db: DbOrTx,
  options: { owner: WalletOwner; kinds?: string[]; limit: number; offset: number },
) {
  const where = and(
    'userId' in options.owner
      ? and(eq(ledgerEntries.account, 'wallet'), eq(ledgerEntries.userId, options.owner.userId))
      : and(
          eq(ledgerEntries.account, 'organisation_wallet'),
          eq(ledgerEntries.organisationId, options.owner.organisationId),
        ),
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
