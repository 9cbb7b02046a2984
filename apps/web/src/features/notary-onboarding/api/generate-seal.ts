import type { notaryProfileResponse, SealLayoutRequest } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshNotaryProfileIfStale, setNotaryProfile } from '@/lib/notary-profile';

/** POST /notary/profile/seal/generate — draws the seal at 300 dpi and keeps it as the notary's seal. */
export const generateSeal = async (layout: SealLayoutRequest) =>
  (await api.post<typeof notaryProfileResponse>('/notary/profile/seal/generate', layout)).notary;

export function useGenerateSeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateSeal,
    onSuccess: (notary) => setNotaryProfile(queryClient, notary),
    onError: (error) => refreshNotaryProfileIfStale(queryClient, error),
  });
}
