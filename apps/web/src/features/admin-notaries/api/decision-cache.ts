import type { NotaryProfile } from '@mohar/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { hasErrorCode } from '@/lib/api-errors';
import { ADMIN_NOTARY_LISTS_QUERY_KEY } from './get-admin-notaries';
import { adminNotaryQueryKey } from './get-admin-notary';

/** A decision changes this application (its answer is the new state) and which list it belongs to. */
export function onDecided(queryClient: QueryClient, notary: NotaryProfile) {
  queryClient.setQueryData(adminNotaryQueryKey(notary._id), notary);
  // A suspension takes the notary offline: their availability history has a new line.
  void queryClient.invalidateQueries({ queryKey: [...adminNotaryQueryKey(notary._id), 'availability'] });
  void queryClient.invalidateQueries({ queryKey: ADMIN_NOTARY_LISTS_QUERY_KEY });
}

/** Refused because another admin decided first: show the application as it now is. */
export function onDecisionFailed(options: { queryClient: QueryClient; id: string; error: unknown }) {
  if (hasErrorCode(options.error, 'notaries.illegal_transition'))
    void options.queryClient.invalidateQueries({ queryKey: adminNotaryQueryKey(options.id) });
}
