import type { LanguageCode, PortalAccess, signatoryLanguageResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { portalAccessQueryKey } from './get-portal-access';

/** PUT /access/:token/language — the signatory's language, remembered for every link they hold and for their e-mails. */
export const chooseSignatoryLanguage = (options: { token: string; language: LanguageCode }) =>
  api.put<typeof signatoryLanguageResponse>(`/access/${encodeURIComponent(options.token)}/language`, {
    language: options.language,
  });

export function useChooseSignatoryLanguage(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: LanguageCode) => chooseSignatoryLanguage({ token, language }),
    onSuccess: ({ language }) =>
      queryClient.setQueryData<PortalAccess>(portalAccessQueryKey(token), (old) =>
        old ? { ...old, signatory: { ...old.signatory, language } } : old,
      ),
  });
}
