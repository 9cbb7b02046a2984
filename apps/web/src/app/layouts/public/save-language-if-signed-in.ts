import type { LanguageCode } from '@/lib/i18n';
import { readSignedIn } from '@/lib/signed-in';

/**
 * The public site's switch, for a visitor who is signed in: their language is their account's (decision 0055), so
 * it is saved there too. The saver (API client, session cache) loads only then, never with the landing page. A
 * failed save leaves the choice on this browser: nothing on the public site waits for it.
 */
export function saveLanguageIfSignedIn(language: LanguageCode) {
  if (!readSignedIn()) return;
  import('@/features/profile/api/update-language')
    .then((module) => module.saveLanguage(language))
    .catch(() => {});
}
