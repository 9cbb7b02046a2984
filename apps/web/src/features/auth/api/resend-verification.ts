// Types only: the login screen holds this file, and zod is not on its first paint (decision 0033).
import type { messageResponse, resendVerificationRequest } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export type ResendVerificationInput = z.output<typeof resendVerificationRequest>;

/** Always the same answer whether or not the address has an account (no enumeration). */
export const resendVerification = (input: ResendVerificationInput) =>
  api.post<typeof messageResponse>('/verify-email/resend', input);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
