import { mfaCodeRequest, recoveryCodesResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export { mfaCodeRequest };
export type MfaCodeInput = z.output<typeof mfaCodeRequest>;

/** New recovery codes; the old ones stop working. Nothing cached holds codes, so nothing is invalidated. */
export const regenerateRecoveryCodes = (input: MfaCodeInput) =>
  api.post('/profile/mfa/recovery-codes', input, recoveryCodesResponse);

export const useRegenerateRecoveryCodes = () => useMutation({ mutationFn: regenerateRecoveryCodes });
