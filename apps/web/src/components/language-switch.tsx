import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, LANGUAGES, type LanguageCode } from '@/lib/i18n';
import { isLanguageCode } from '@/lib/language-choice';
import classes from './language-switch.module.css';

/**
 * English / हिन्दी. i18n (lib/i18n.ts) stores the choice on this browser and keeps `<html lang>` in step; `onChoose`
 * also saves it where the person's choice lives when they are signed in (their account, decision 0055);
 * each label carries its own `lang` so screen readers pronounce it in that language.
 *
 * Two native radios drawn as Mantine's SegmentedControl (size xs): its sliding indicator measured the page's layout
 * as the header mounted and on every resize, on every page's start (decision 0025).
 */
export function LanguageSwitch({
  fullWidth = false,
  onChoose,
}: {
  fullWidth?: boolean;
  onChoose?: (language: LanguageCode) => void;
}) {
  const { t, i18n } = useTranslation();
  const name = useId();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const current = isLanguageCode(resolved) ? resolved : 'en';
  return (
    <div
      role="radiogroup"
      aria-label={t('language.label')}
      className={classes.root}
      data-full-width={fullWidth || undefined}
    >
      {LANGUAGES.map((language) => (
        <label
          key={language.code}
          className={classes.item}
          data-active={language.code === current || undefined}
        >
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={language.code}
            checked={language.code === current}
            onChange={() => {
              void chooseLanguage(language.code);
              onChoose?.(language.code);
            }}
          />
          <span lang={language.code} className={language.code === 'hi' ? classes.hindi : undefined}>
            {language.label}
          </span>
        </label>
      ))}
    </div>
  );
}
