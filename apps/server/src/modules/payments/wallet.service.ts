import type { WalletTransaction, WalletTransactionType } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { listWalletEntries } from './ledger.repository.ts';
import { type PostingKind, walletBalance } from './ledger.ts';

/** How each kind of posting reads in the payer's wallet. */
const TYPE_OF_KIND: Record<PostingKind, WalletTransactionType> = {
  wallet_payment: 'payment',
  wallet_hold: 'payment',
  gateway_payment: 'payment',
  hold_release: 'release',
  refund: 'refund',
  overpayment_credit: 'credit',
};
const KINDS_OF_TYPE = (type: WalletTransactionType) =>
  (Object.keys(TYPE_OF_KIND) as PostingKind[]).filter((kind) => TYPE_OF_KIND[kind] === type);

/** The wallet as the client sees it: its balance and its entries in the ledger, newest first. */
export function createWalletService(deps: { db: Database }) {
  const { db } = deps;
  return {
    balance: (userId: string) => walletBalance(db, userId),

    async transactions(options: {
      userId: string;
      type?: WalletTransactionType;
      page?: number;
      pageSize?: number;
    }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 20;
      const { rows, total: n } = await listWalletEntries(db, {
        userId: options.userId,
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
