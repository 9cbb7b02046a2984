import { Anchor, Button, Stack, Text } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { failureMessage, formFieldErrorsOf, hasErrorCode } from '@/lib/api-errors';
import { type FieldErrors, validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { resetPasswordRequest, useResetPassword } from '../api/reset-password';
import { isInvalidTokenError, isMalformedTokenError } from '../lib/token-error';
import { AuthPanel } from './auth-panel';
import { PasswordHintText } from './password-hint-text';

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** Spec §8, shown verbatim. */
const UPDATED = 'Password updated successfully';
const UPDATE_FAILED = 'Failed to update password';

/** /password/reset/:token — the link from the reset e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [isLinkInvalid, setIsLinkInvalid] = useState(false);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const setField = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateForm({ schema: resetPasswordRequest, values, fields: FIELDS });
    if (!result.ok) {
      setErrors(result.errors);
      focusFailure();
      return;
    }
    setErrors({});
    reset.mutate(
      { token, input: result.data },
      {
        onSuccess: () => {
          void showToast({ color: 'green', message: UPDATED, closeLabel: tCommon('close') });
          void navigate(paths.auth.login(), { replace: true });
        },
        onError: (error) => {
          const message = isMalformedTokenError(error)
            ? t('reset.linkInvalid')
            : failureMessage(error, UPDATE_FAILED);
          void showToast({ color: 'red', message, closeLabel: tCommon('close') });
          const fieldErrors = formFieldErrorsOf(error, FIELDS);
          if (hasErrorCode(error, AUTH_ERROR_CODES.passwordWeak)) fieldErrors.password ??= message;
          setErrors(fieldErrors);
          setIsLinkInvalid(isInvalidTokenError(error));
          focusFailure();
        },
      },
    );
  };

  return (
    <AuthPanel title={t('reset.title')} intro={t('reset.intro')}>
      <form ref={containerRef} onSubmit={onSubmit} noValidate aria-label={t('reset.formLabel')}>
        <Stack gap="md">
          {isLinkInvalid && (
            <FormAlert tone="error" data-testid="reset-link-invalid">
              <Text size="sm">
                {t('reset.linkInvalid')}{' '}
                <Anchor component={Link} to={paths.auth.forgotPassword()} inherit underline="always">
                  {t('reset.requestNewLink')}
                </Anchor>
              </Text>
            </FormAlert>
          )}
          <PasswordField
            label={t('fields.newPassword')}
            description={<PasswordHintText password={values.password} />}
            name="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => setField('password', event.currentTarget.value)}
            error={errors.password}
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            onChange={(event) => setField('confirmPassword', event.currentTarget.value)}
            error={errors.confirmPassword}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthPanel>
  );
}
