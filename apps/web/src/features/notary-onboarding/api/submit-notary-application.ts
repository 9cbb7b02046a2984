import type { notaryProfileResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshNotaryProfileIfStale, setNotaryProfile } from '@/lib/notary-profile';

/** POST /notary/profile/submit — draft or rejected → pending (409 `notaries.incomplete` lists what is missing). */
export const submitNotaryApplication = async () =>
  (await api.post<typeof notaryProfileResponse>('/notary/profile/submit', {})).notary;

export function useSubmitNotaryApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitNotaryApplication,
    onSuccess: (notary) => setNotaryProfile(queryClient, notary),
    onError: (error) => refreshNotaryProfileIfStale(queryClient, error),
  });
}
