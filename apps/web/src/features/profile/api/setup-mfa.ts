import type { mfaSetupResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Step 1: a new secret (and its QR code); nothing changes until a code from it is confirmed. */
export const setupMfa = () => api.post<typeof mfaSetupResponse>('/profile/mfa/setup', {});

export const useSetupMfa = () => useMutation({ mutationFn: setupMfa });
