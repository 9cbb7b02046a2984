import { Button, Stack } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { showToast } from '@/components/toast-host';
import { failureMessage, formFieldErrorsOf, hasErrorCode } from '@/lib/api-errors';
import { type FieldErrors, hasFieldErrors, validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { changePasswordRequest, useChangePassword } from '../api/change-password';
import { SectionCard } from './section-card';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const setField = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm({ schema: changePasswordRequest, values, fields: FIELDS });
    if (!result.ok) {
      setErrors(result.errors);
      focusFailure();
      return;
    }
    change.mutate(result.data, {
      onSuccess: (response) => {
        setValues(EMPTY);
        void showToast({ color: 'green', message: response.message, closeLabel: tCommon('close') });
      },
      onError: (error) => {
        const message = failureMessage(error, t('password.failed'));
        const fieldErrors = formFieldErrorsOf(error, FIELDS);
        if (hasErrorCode(error, AUTH_ERROR_CODES.passwordWrong)) fieldErrors.currentPassword ??= message;
        if (hasErrorCode(error, AUTH_ERROR_CODES.passwordWeak)) fieldErrors.password ??= message;
        setErrors(fieldErrors);
        if (!hasFieldErrors(fieldErrors)) setFailure(message);
        focusFailure();
      },
    });
  };

  return (
    <SectionCard id="change-password-heading" title={t('password.title')} intro={t('password.intro')}>
      <form ref={containerRef} onSubmit={onSubmit} noValidate aria-labelledby="change-password-heading">
        <Stack gap="md" maw={420}>
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <PasswordField
            label={t('password.current')}
            name="currentPassword"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={(event) => setField('currentPassword', event.currentTarget.value)}
            error={errors.currentPassword}
          />
          <PasswordField
            label={t('password.new')}
            description={t('password.newHint')}
            name="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => setField('password', event.currentTarget.value)}
            error={errors.password}
          />
          <PasswordField
            label={t('password.confirm')}
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            onChange={(event) => setField('confirmPassword', event.currentTarget.value)}
            error={errors.confirmPassword}
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
