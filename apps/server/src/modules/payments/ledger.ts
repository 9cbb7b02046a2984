import type { DbOrTx } from '../../db/client.ts';
import * as repo from './ledger.repository.ts';

/**
 * The double-entry ledger (decision 0007). Every amount is signed integer paise and an account's balance is the sum
 * of its entries; each posting's entries sum to zero (checked here, and by a deferred trigger at commit).
 * Seen from the platform's books:
 * - `wallet` (per user): money we hold for the user; positive balance.
 * - `gateway_clearing`: money arriving through the payment gateway; goes negative as payments come in.
 * - `wallet_holds`: wallet money set aside while a gateway payment is pending.
 * - `platform_revenue`, `gst_payable`, `notarial_fees_payable`: where a paid fee goes, line by line.
 * - `refunds`: refunds granted to wallets (negative as refunds are made).
 * - `adjustments`: finance admins' corrections of wallets with a reason (decision 0058), either way.
 * - `organisation_wallet` (per organisation): money we hold for a business account (decision 0068): refunds of
 *   its applications, and what it spends on its applications (decision 0073).
 * - `organisation_plans`: notarisations organisations counted against their plan or trial (decision 0073); the
 *   monthly invoice bills the plan, so this is what plans owe the books.
 */
export const ACCOUNTS = [
  'wallet',
  'organisation_wallet',
  'gateway_clearing',
  'wallet_holds',
  'platform_revenue',
  'gst_payable',
  'notarial_fees_payable',
  'refunds',
  'adjustments',
  'organisation_plans',
] as const;
export type Account = (typeof ACCOUNTS)[number];

export const POSTING_KINDS = [
  'wallet_payment',
  'wallet_hold',
  'hold_release',
  'gateway_payment',
  'overpayment_credit',
  'refund',
  'wallet_adjustment',
  'organisation_wallet_payment',
  'plan_payment',
] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

export type Leg = { account: Account; userId?: string; organisationId?: string; amountPaise: number };

/** The wallet ran short of what a debit needs (the cached balance may never go negative). */
export class InsufficientWalletError extends Error {
  readonly balancePaise: number;
  constructor(balancePaise: number) {
    super('insufficient wallet balance');
    this.balancePaise = balancePaise;
    this.name = 'InsufficientWalletError';
  }
}

/**
 * Writes one balanced posting, once per `causeKey`: a second call with the same cause does nothing and returns
 * null, so replays (webhooks, retries, double clicks) can never post twice. Must run inside the caller's transaction;
 * wallet legs move the cached balance in that same transaction.
 */
export async function post(
  tx: DbOrTx,
  options: {
    kind: PostingKind;
    description: string;
    causeKey: string;
    applicationId?: string | null;
    paymentId?: string | null;
    refundId?: string | null;
    legs: Leg[];
  },
): Promise<{ postingId: string } | null> {
  const legs = options.legs.filter((leg) => leg.amountPaise !== 0);
  const sum = legs.reduce((total, leg) => total + leg.amountPaise, 0);
  if (sum !== 0 || legs.length < 2) throw new Error(`unbalanced posting ${options.causeKey}: ${sum}`);
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amountPaise))
      throw new Error(`amount must be whole paise: ${leg.amountPaise}`);
    if ((leg.account === 'wallet') !== Boolean(leg.userId)) throw new Error('only wallet legs name a user');
    if ((leg.account === 'organisation_wallet') !== Boolean(leg.organisationId))
      throw new Error('only organisation wallet legs name an organisation');
  }
  const posting = await repo.insertPosting(tx, {
    kind: options.kind,
    description: options.description,
    causeKey: options.causeKey,
    applicationId: options.applicationId ?? null,
    paymentId: options.paymentId ?? null,
    refundId: options.refundId ?? null,
  });
  if (!posting) return null;
  for (const leg of legs) {
    if (leg.account === 'wallet' && leg.userId) await moveWallet(tx, leg.userId, leg.amountPaise);
    if (leg.account === 'organisation_wallet' && leg.organisationId)
      await moveOrganisationWallet(tx, leg.organisationId, leg.amountPaise);
  }
  await repo.insertEntries(
    tx,
    legs.map((leg) => ({
      postingId: posting.id,
      account: leg.account,
      userId: leg.userId ?? null,
      organisationId: leg.organisationId ?? null,
      amountPaise: leg.amountPaise,
    })),
  );
  return { postingId: posting.id };
}

async function moveWallet(tx: DbOrTx, userId: string, amountPaise: number) {
  if (amountPaise > 0) {
    await repo.creditWallet(tx, { userId, amountPaise });
    return;
  }
  // Guarded debit: the row changes only if the balance covers it, so two concurrent debits cannot overdraw.
  if (!(await repo.debitWallet(tx, { userId, amountPaise: -amountPaise })))
    throw new InsufficientWalletError(await walletBalance(tx, userId));
}

export const walletBalance = (db: DbOrTx, userId: string) => repo.walletBalance(db, userId);

async function moveOrganisationWallet(tx: DbOrTx, organisationId: string, amountPaise: number) {
  if (amountPaise > 0) {
    await repo.creditOrganisationWallet(tx, { organisationId, amountPaise });
    return;
  }
  if (!(await repo.debitOrganisationWallet(tx, { organisationId, amountPaise: -amountPaise })))
    throw new InsufficientWalletError(await repo.organisationWalletBalance(tx, organisationId));
}

/** Locks the user's wallet row for the rest of the transaction (creating it at zero if new): wallet spends queue up. */
export const lockWallet = (tx: DbOrTx, userId: string) => repo.lockWallet(tx, userId);

/**
 * The fee's lines as ledger legs: where each rupee of a paid fee belongs. The fee per extra signatory is the
 * notary's fee for each further executant, so it is payable to notaries like the notarial fee (and carries no GST).
 */
const NOTARY_FEE_CODES = new Set(['notarial_fee', 'extra_signatories']);

export function feeLegs(lines: Array<{ code: string; amountPaise: number }>): Leg[] {
  const byAccount = new Map<Account, number>();
  for (const line of lines) {
    const account: Account =
      line.code === 'gst'
        ? 'gst_payable'
        : NOTARY_FEE_CODES.has(line.code)
          ? 'notarial_fees_payable'
          : 'platform_revenue';
    byAccount.set(account, (byAccount.get(account) ?? 0) + line.amountPaise);
  }
  return [...byAccount].map(([account, amountPaise]) => ({ account, amountPaise }));
}
