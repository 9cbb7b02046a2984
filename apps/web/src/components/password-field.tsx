import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A password input whose show/hide button is reachable by keyboard (Mantine skips it in the tab order by
 * default). The button's name stays "Show password"; aria-pressed tells whether the text is shown.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('password.show'), title: t('password.show') }}
      {...props}
    />
  );
}
