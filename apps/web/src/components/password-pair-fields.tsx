import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@mohar/contracts/constants';
import { useTranslation } from 'react-i18next';
import { passwordHint } from '@/lib/password-hint';
import { PasswordField } from './password-field';

type PasswordPair = { password: string; confirmPassword: string };

/**
 * A new password and its confirmation (register, reset password, change password). The hint under the password
 * follows its length as the user types; the rule itself is the contract's and the server's.
 */
export function PasswordPairFields(props: {
  form: UseFormReturnType<PasswordPair, unknown>;
  labels: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  const { form } = props;
  return (
    <>
      <PasswordField
        label={props.labels.password}
        description={t(`password.hint.${passwordHint(form.values.password)}`, { min: PASSWORD_MIN_LENGTH })}
        name="password"
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <PasswordField
        label={props.labels.confirm}
        name="confirmPassword"
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
