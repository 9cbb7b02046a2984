import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A password input whose show/hide button is reachable by keyboard (Mantine skips it in the tab order by
 * default). The button's name stays "Show password"; aria-pressed tells whether the text is shown. Mantine marks
 * an invalid password input only with a data attribute, so aria-invalid is set here: screen readers announce it
 * and focus-on-error finds it.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('password.show'), title: t('password.show') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
