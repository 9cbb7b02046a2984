import type { notaryProfileResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshNotaryProfileIfStale, setNotaryProfile } from '@/lib/notary-profile';

/**
 * POST /notary/profile/signing-certificate/platform — a certificate from Mohar's own platform CA (not a licensed
 * Certifying Authority under the IT Act; the screen says so).
 */
export const issuePlatformCertificate = async () =>
  (await api.post<typeof notaryProfileResponse>('/notary/profile/signing-certificate/platform', {})).notary;

export function useIssuePlatformCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issuePlatformCertificate,
    onSuccess: (notary) => setNotaryProfile(queryClient, notary),
    onError: (error) => refreshNotaryProfileIfStale(queryClient, error),
  });
}
