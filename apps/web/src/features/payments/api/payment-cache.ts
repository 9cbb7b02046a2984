import type { QueryClient } from '@tanstack/react-query';
import { APPLICATIONS_QUERY_KEY, applicationQueryKey, WALLET_QUERY_KEY } from '@/lib/query-keys';

/**
 * Money moved for an application (paid, given up, refund asked): its status, history and payments change, its
 * list row changes, and so may the wallet. Resolves once the application's own queries are fresh, so the screen
 * shown next is never the old state.
 */
export async function refreshAfterPayment(queryClient: QueryClient, applicationId: string): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: [...APPLICATIONS_QUERY_KEY, 'list'] });
  void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
  await queryClient
    .invalidateQueries({ queryKey: applicationQueryKey(applicationId), refetchType: 'all' })
    .catch(() => undefined);
}
