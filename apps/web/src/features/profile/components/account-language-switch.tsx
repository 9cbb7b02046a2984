import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { showToast } from '@/components/toast-host';
import type { LanguageCode } from '@/lib/i18n';
import { saveLanguage } from '../api/update-language';

/**
 * The language switch for a signed-in person (header, profile): the screen changes at once, and the choice is saved
 * on their account. A failed save says so; the screen keeps the language chosen for this visit.
 */
export function AccountLanguageSwitch({ fullWidth }: { fullWidth?: boolean }) {
  const { t } = useTranslation('app');
  const onChoose = (language: LanguageCode) => {
    saveLanguage(language).catch(() =>
      showToast({ color: 'red', message: t('language.saveFailed'), closeLabel: t('language.close') }),
    );
  };
  return <LanguageSwitch fullWidth={fullWidth} onChoose={onChoose} />;
}
