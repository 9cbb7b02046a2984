import { type messageResponse, resetPasswordRequest } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export { resetPasswordRequest };
export type ResetPasswordInput = z.output<typeof resetPasswordRequest>;

export const resetPassword = (options: { token: string; input: ResetPasswordInput }) =>
  api.put<typeof messageResponse>(`/password/reset/${encodeURIComponent(options.token)}`, options.input);

/** The reset ends every session of the account on the server; this tab had none, so nothing cached changes. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
