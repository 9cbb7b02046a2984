import { forgotPasswordRequest, type messageResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export { forgotPasswordRequest };
export type ForgotPasswordInput = z.output<typeof forgotPasswordRequest>;

export const forgotPassword = (input: ForgotPasswordInput) =>
  api.post<typeof messageResponse>('/password/forgot', input);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
