import { PASSWORD_MIN_LENGTH } from '@mohar/contracts/constants';
import { useTranslation } from 'react-i18next';
import { passwordHint } from '../lib/password-hint';

/** The description under a new password: a length hint that updates as the user types. */
export function PasswordHintText({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  return <>{t(`passwordHint.${passwordHint(password)}`, { min: PASSWORD_MIN_LENGTH })}</>;
}
