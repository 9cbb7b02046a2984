import { type messageResponse, registerRequest } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export { registerRequest };
export type RegisterInput = z.output<typeof registerRequest>;

/** 201 with a message for a new and an already-registered address alike (no account enumeration). */
export const register = (input: RegisterInput) => api.post<typeof messageResponse>('/register', input);

/** Nothing cached changes: the new account cannot sign in until its e-mail is verified. */
export const useRegister = () => useMutation({ mutationFn: register });
