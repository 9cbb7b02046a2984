import type { PortalAccess, signatoryAddressResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { portalAccessQueryKey } from './get-portal-access';
import { onPortalStepFailed } from './portal-cache';

/** PUT /access/:token/address — the signatory's postal address, which the notary's register (Form XV) prints. */
export const saveAddress = (options: { token: string; address: string }) =>
  api.put<typeof signatoryAddressResponse>(`/access/${encodeURIComponent(options.token)}/address`, {
    address: options.address,
  });

export function useSaveAddress(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => saveAddress({ token, address }),
    onSuccess: ({ address }) => {
      queryClient.setQueryData<PortalAccess>(portalAccessQueryKey(token), (old) =>
        old ? { ...old, signatory: { ...old.signatory, address } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: portalAccessQueryKey(token) });
    },
    onError: (error) => onPortalStepFailed({ queryClient, token, error }),
  });
}
