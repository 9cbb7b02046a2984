import { randomUUID } from 'node:crypto';
import { ADMIN_ERROR_CODES, type WalletTransaction, type WalletTransactionType } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { listWalletEntries, organisationWalletBalance, type WalletOwner } from './ledger.repository.ts';
import { InsufficientWalletError, lockWallet, type PostingKind, post, walletBalance } from './ledger.ts';
import { formatInr } from './money.ts';

const walletWouldGoNegative = (balancePaise: number) =>
  new AppError({
    statusCode: 409,
    code: ADMIN_ERROR_CODES.walletWouldGoNegative,
    message: `The wallet holds ${formatInr(balancePaise)}: a debit cannot take it below zero.`,
  });

/** How each kind of posting reads in the payer's wallet. */
const TYPE_OF_KIND: Record<PostingKind, WalletTransactionType> = {
  wallet_payment: 'payment',
  wallet_hold: 'payment',
  gateway_payment: 'payment',
  hold_release: 'release',
  refund: 'refund',
  overpayment_credit: 'credit',
  wallet_adjustment: 'adjustment',
  organisation_wallet_payment: 'payment',
  plan_payment: 'payment',
};
const KINDS_OF_TYPE = (type: WalletTransactionType) =>
  (Object.keys(TYPE_OF_KIND) as PostingKind[]).filter((kind) => TYPE_OF_KIND[kind] === type);

/** The wallet as the client sees it: its balance and its entries in the ledger, newest first. */
export function createWalletService(deps: { db: Database }) {
  const { db } = deps;
  return {
    balance: (userId: string) => walletBalance(db, userId),

    /**
     * A finance admin's correction (decision 0058): one balanced posting between the wallet and `adjustments`, its
     * reason as the line the client reads, audited in the same transaction. A debit never takes the wallet below
     * zero (the ledger's guarded debit; the wallet row is locked first so the refusal names the true balance).
     * Each call is its own posting: the console disables the button while one is on its way.
     */
    async adjust(options: { userId: string; amountPaise: number; reason: string; actor: AuditActor }) {
      return db.transaction(async (tx) => {
        const before = await lockWallet(tx, options.userId);
        if (before + options.amountPaise < 0) throw walletWouldGoNegative(before);
        try {
          await post(tx, {
            kind: 'wallet_adjustment',
            description: options.reason,
            causeKey: `adjustment:${randomUUID()}`,
            legs: [
              { account: 'wallet', userId: options.userId, amountPaise: options.amountPaise },
              { account: 'adjustments', amountPaise: -options.amountPaise },
            ],
          });
        } catch (error) {
          if (error instanceof InsufficientWalletError) throw walletWouldGoNegative(error.balancePaise);
          throw error;
        }
        await recordAudit(tx, {
          actor: options.actor,
          action: 'wallet.adjusted',
          subject: { type: 'account', id: options.userId },
          detail: `${options.amountPaise > 0 ? '+' : '−'}${formatInr(Math.abs(options.amountPaise))}: ${options.reason}`,
        });
        return { balancePaise: before + options.amountPaise };
      });
    },

    /** An organisation's wallet (decision 0068): the organisations module checks who may read it. */
    organisationBalance: (organisationId: string) => organisationWalletBalance(db, organisationId),

    async transactions(options: {
      owner: WalletOwner;
      type?: WalletTransactionType;
      page?: number;
      pageSize?: number;
    }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 20;
      const { rows, total: n } = await listWalletEntries(db, {
        owner: options.owner,
        kinds: options.type ? KINDS_OF_TYPE(options.type) : undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const transactions: WalletTransaction[] = rows.map((row) => ({
        _id: String(row.id),
        type: TYPE_OF_KIND[row.kind as PostingKind],
        amountPaise: row.amountPaise,
        description: row.description,
        applicationId: row.applicationId,
        applicationTitle: row.applicationTitle,
        createdAt: row.createdAt.toISOString(),
      }));
      return { transactions, page, total: n, totalPages: Math.max(1, Math.ceil(n / pageSize)) };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
