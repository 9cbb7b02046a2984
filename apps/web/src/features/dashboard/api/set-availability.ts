import type { AvailabilityRequest, notaryProfileResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshNotaryProfileIfStale, setNotaryProfile } from '@/lib/notary-profile';

/** PUT /notary/availability — online or offline, and working hours inside service hours. */
export const setAvailability = async (body: AvailabilityRequest) =>
  (await api.put<typeof notaryProfileResponse>('/notary/availability', body)).notary;

export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvailability,
    onSuccess: (notary) => setNotaryProfile(queryClient, notary),
    onError: (error) => refreshNotaryProfileIfStale(queryClient, error),
  });
}
