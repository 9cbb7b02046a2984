import type { walletTransactionsResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_KEY } from '@/lib/query-keys';
import { type WalletListState, walletListQuery } from '../lib/wallet-list';

/** GET /wallet/transactions — newest first, one type or all, a page at a time. */
export function getWalletTransactions(state: WalletListState, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(walletListQuery(state))) params.set(key, String(value));
  return api.get<typeof walletTransactionsResponse>(`/wallet/transactions?${params.toString()}`, signal);
}

export const walletTransactionsQueryOptions = (state: WalletListState) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'transactions', walletListQuery(state)],
    queryFn: ({ signal }) => getWalletTransactions(state, signal),
    // The previous page stays on screen (dimmed) while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useWalletTransactions = (state: WalletListState) =>
  useQuery(walletTransactionsQueryOptions(state));
