import {
  WALLET_TRANSACTION_TYPES,
  type WalletTransactionsQuery,
  type WalletTransactionType,
} from '@mohar/contracts';
import { formatInr } from '@/lib/format';

/** Transactions per page. */
export const WALLET_PAGE_SIZE = 20;

/** The type filter: every transaction, or one type (the contract's order: payments, released, refunds, credits). */
export const WALLET_FILTERS = ['all', ...WALLET_TRANSACTION_TYPES] as const;
export type WalletFilter = (typeof WALLET_FILTERS)[number];

export type WalletListState = { type: WalletFilter; page: number };

const isType = (value: string | null): value is WalletTransactionType =>
  (WALLET_TRANSACTION_TYPES as readonly string[]).includes(value ?? '');

/** The list's state from the address bar (back, forward and reload keep it); anything unknown is the default. */
export function walletListStateOf(params: URLSearchParams): WalletListState {
  const type = params.get('type');
  const page = Number(params.get('page') ?? '1');
  return {
    type: isType(type) ? type : 'all',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address bar for a state; defaults are left out so the plain list has the plain URL. */
export function walletListParams(state: WalletListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.type !== 'all') params.set('type', state.type);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query for a state (also its cache key: equal states share one entry). */
export function walletListQuery(state: WalletListState): WalletTransactionsQuery {
  return {
    ...(state.type === 'all' ? {} : { type: state.type }),
    page: state.page,
    pageSize: WALLET_PAGE_SIZE,
  };
}

export type MoneyDirection = 'in' | 'out' | 'none';

/** Transactions are signed: money in is positive, money out negative. */
export function directionOf(amountPaise: number): MoneyDirection {
  return amountPaise > 0 ? 'in' : amountPaise < 0 ? 'out' : 'none';
}

/**
 * A transaction's amount with its sign spelled out: "+₹500.00" in, "−₹299.50" out (a true minus sign, which screen
 * readers read as "minus"), "₹0.00" for nothing.
 */
export function formatSignedInr(amountPaise: number): string {
  const magnitude = formatInr(Math.abs(amountPaise));
  const direction = directionOf(amountPaise);
  return direction === 'in' ? `+${magnitude}` : direction === 'out' ? `−${magnitude}` : magnitude;
}
