import { mfaCodeRequest, type recoveryCodesResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export { mfaCodeRequest };
export type MfaCodeInput = z.output<typeof mfaCodeRequest>;

/** New recovery codes; the old ones stop working. Nothing cached holds codes, so nothing is invalidated. */
export const regenerateRecoveryCodes = (input: MfaCodeInput) =>
  api.post<typeof recoveryCodesResponse>('/profile/mfa/recovery-codes', input);

export const useRegenerateRecoveryCodes = () => useMutation({ mutationFn: regenerateRecoveryCodes });
