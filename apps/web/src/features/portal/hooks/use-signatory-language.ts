import type { PortalAccess } from '@mohar/contracts';
import { useEffect, useRef } from 'react';
import { chooseLanguage } from '@/lib/i18n';
import { accountLanguageToApply, type LanguageCode } from '@/lib/language-choice';

/**
 * The portal opens in the language the signatory chose on any of their links (issue 23), as the signed-in app
 * follows the account's choice: applied when the page first learns it, or when it changes, never on a re-read of
 * the same answer, so a choice made on screen whose save failed is not undone by the next refetch.
 */
export function useSignatoryLanguage(access: PortalAccess | undefined) {
  const last = useRef<{ userId: string; language: LanguageCode | null } | null>(null);
  const signatoryId = access?.signatory._id;
  const language = access?.signatory.language ?? null;
  useEffect(() => {
    if (!signatoryId) return;
    const next = { userId: signatoryId, language };
    const toApply = accountLanguageToApply({ previous: last.current, next });
    last.current = next;
    if (toApply) void chooseLanguage(toApply);
  }, [signatoryId, language]);
}
