import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '@/lib/i18n';
import classes from './language-switch.module.css';

function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

/**
 * English / हिन्दी. i18n (lib/i18n.ts) stores the choice and keeps `<html lang>` in step;
 * each label carries its own `lang` so screen readers pronounce it in that language.
 */
export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <SegmentedControl
      size="xs"
      fullWidth={fullWidth}
      aria-label={t('language.label')}
      value={isLanguageCode(current) ? current : 'en'}
      onChange={(value) => {
        if (isLanguageCode(value)) void i18n.changeLanguage(value);
      }}
      data={LANGUAGES.map((language) => ({
        value: language.code,
        label: (
          <span lang={language.code} className={language.code === 'hi' ? classes.hindi : undefined}>
            {language.label}
          </span>
        ),
      }))}
    />
  );
}
