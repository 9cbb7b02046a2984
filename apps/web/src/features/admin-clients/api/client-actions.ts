import {
  type adminClientActionResponse,
  resetClientMfaRequest,
  suspendClientRequest,
  type WalletAdjustmentRequest,
  walletAdjustmentRequest,
  type walletAdjustmentResponse,
} from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withStepUp } from '@/lib/step-up';
import { adminClientQueryKey } from './get-admin-client';
import { ADMIN_CLIENT_LISTS_QUERY_KEY } from './get-admin-clients';

export { resetClientMfaRequest, suspendClientRequest, walletAdjustmentRequest };

export type ClientAction = 'suspend' | 'reactivate' | 'endSessions' | 'resendVerification' | 'resetMfa';

/** The actions that say why (kept in the audit trail). */
export const ACTIONS_WITH_REASON: readonly ClientAction[] = ['suspend', 'resetMfa'];

const ACTION_PATHS: Record<ClientAction, string> = {
  suspend: 'suspend',
  reactivate: 'reactivate',
  endSessions: 'sessions/end',
  resendVerification: 'verification',
  resetMfa: 'mfa/reset',
};

/**
 * POST /admin/clients/:id/suspend | reactivate | sessions/end | verification | mfa/reset — one audited action on
 * the account. Suspending and resetting two-step verification send the reason; the others send nothing.
 */
export const runClientAction = (options: { id: string; action: ClientAction; reason?: string }) =>
  api.post<typeof adminClientActionResponse>(
    `/admin/clients/${encodeURIComponent(options.id)}/${ACTION_PATHS[options.action]}`,
    ACTIONS_WITH_REASON.includes(options.action) ? { reason: options.reason } : {},
  );

/** Any action changes the client's page (state, devices, audit trail) and may move them between filters. */
export function useClientAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Suspending, reactivating and resetting two-step verification may ask the admin to confirm it is them first (step-up, decision 0054).
    mutationFn: (options: { action: ClientAction; reason?: string }) =>
      withStepUp(() => runClientAction({ id, ...options })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminClientQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ADMIN_CLIENT_LISTS_QUERY_KEY });
    },
  });
}

/** POST /admin/clients/:id/wallet-adjustments — finance's correction with a reason (a ledger posting). */
export const adjustClientWallet = (options: { id: string; request: WalletAdjustmentRequest }) =>
  api.post<typeof walletAdjustmentResponse>(
    `/admin/clients/${encodeURIComponent(options.id)}/wallet-adjustments`,
    options.request,
  );

/** The adjustment changes the page's wallet and ledger; it always asks for step-up when the proof is stale. */
export function useWalletAdjustment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WalletAdjustmentRequest) => withStepUp(() => adjustClientWallet({ id, request })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminClientQueryKey(id) }),
  });
}
