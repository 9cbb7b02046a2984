import { type messageResponse, registerRequest } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { isLanguageCode } from '@/lib/language-choice';

export { registerRequest };
export type RegisterInput = z.output<typeof registerRequest>;

/**
 * 201 with a message for a new and an already-registered address alike (no account enumeration). The screen's
 * language goes along: the new account starts in it, and the verification e-mail is written in it.
 */
export const register = (input: RegisterInput) => {
  const shown = i18n.resolvedLanguage ?? i18n.language;
  return api.post<typeof messageResponse>('/register', {
    ...input,
    ...(isLanguageCode(shown) ? { language: shown } : {}),
  });
};

/** Nothing cached changes: the new account cannot sign in until its e-mail is verified. */
export const useRegister = () => useMutation({ mutationFn: register });
