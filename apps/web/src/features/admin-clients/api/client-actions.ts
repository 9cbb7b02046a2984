import { type adminClientActionResponse, suspendClientRequest } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withStepUp } from '@/lib/step-up';
import { adminClientQueryKey } from './get-admin-client';
import { ADMIN_CLIENT_LISTS_QUERY_KEY } from './get-admin-clients';

export { suspendClientRequest };

export type ClientAction = 'suspend' | 'reactivate' | 'endSessions' | 'resendVerification';

const ACTION_PATHS: Record<ClientAction, string> = {
  suspend: 'suspend',
  reactivate: 'reactivate',
  endSessions: 'sessions/end',
  resendVerification: 'verification',
};

/**
 * POST /admin/clients/:id/suspend | reactivate | sessions/end | verification — one audited action on the account.
 * Suspending sends the reason; the others send nothing.
 */
export const runClientAction = (options: { id: string; action: ClientAction; reason?: string }) =>
  api.post<typeof adminClientActionResponse>(
    `/admin/clients/${encodeURIComponent(options.id)}/${ACTION_PATHS[options.action]}`,
    options.action === 'suspend' ? { reason: options.reason } : {},
  );

/** Any action changes the client's page (state, devices, audit trail) and may move them between filters. */
export function useClientAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Suspending and reactivating may ask the admin to confirm it is them first (step-up, decision 0054).
    mutationFn: (options: { action: ClientAction; reason?: string }) =>
      withStepUp(() => runClientAction({ id, ...options })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminClientQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ADMIN_CLIENT_LISTS_QUERY_KEY });
    },
  });
}
