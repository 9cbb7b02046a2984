import type { LanguageCode, userResponse } from '@mohar/contracts/auth';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';

export const updateLanguage = (language: LanguageCode) =>
  api.patch<typeof userResponse>('/profile/language', { language });

/**
 * Saves the signed-in person's language on their account; the answer is the updated session, so a later sign-in
 * (on any device) starts in it. A plain function, not a hook: the public site's switch calls it too.
 */
export async function saveLanguage(language: LanguageCode) {
  const { user } = await updateLanguage(language);
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  return user;
}
