import { mfaEnableRequest, type recoveryCodesResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';

export { mfaEnableRequest };
export type MfaEnableInput = z.output<typeof mfaEnableRequest>;

/** Step 2: a code from the new secret turns MFA on; the answer carries the recovery codes, shown once. */
export const enableMfa = (input: MfaEnableInput) =>
  api.post<typeof recoveryCodesResponse>('/profile/mfa/enable', input);

/** `mfaEnabled` and `mfaSetupRequired` live in the session: refetch it, so the guard lets the user on. */
export function useEnableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
