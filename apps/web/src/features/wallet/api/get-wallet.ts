import type { walletResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_KEY } from '@/lib/query-keys';

/** GET /wallet — the signed-in client's balance. */
export const getWallet = (signal?: AbortSignal) => api.get<typeof walletResponse>('/wallet', signal);

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'balance'],
    queryFn: ({ signal }) => getWallet(signal),
    // Money: always re-read when the page opens (a refund may have been credited since).
    staleTime: 0,
  });

export const useWallet = () => useQuery(walletQueryOptions());
