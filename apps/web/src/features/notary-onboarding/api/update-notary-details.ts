import { notaryDetailsRequest, type notaryProfileResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshNotaryProfileIfStale, setNotaryProfile } from '@/lib/notary-profile';
import { SEAL_PREVIEW_QUERY_KEY } from './preview-seal';

export { notaryDetailsRequest };

/** PATCH /notary/profile — any subset of the details (save and resume). */
export const updateNotaryDetails = async (body: Record<string, unknown>) =>
  (await api.patch<typeof notaryProfileResponse>('/notary/profile', body)).notary;

/** The seal is drawn from the details, so its preview is stale after a save. */
export function useUpdateNotaryDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotaryDetails,
    onSuccess: (notary) => {
      setNotaryProfile(queryClient, notary);
      void queryClient.invalidateQueries({ queryKey: SEAL_PREVIEW_QUERY_KEY });
    },
    onError: (error) => refreshNotaryProfileIfStale(queryClient, error),
  });
}
