import { Button, Stack } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { CurrentPasswordField } from '@/components/current-password-field';
import { FormAlert } from '@/components/form-alert';
import { PasswordPairFields } from '@/components/password-pair-fields';
import { showToast } from '@/components/toast-host';
import { serverSentence } from '@/lib/i18n';
import { useContractForm } from '@/lib/use-contract-form';
import { changePasswordRequest, useChangePassword } from '../api/change-password';
import { SectionCard } from './section-card';

/** The refusals that are one field's problem. */
const FIELD_OF_CODE = {
  [AUTH_ERROR_CODES.passwordWrong]: 'currentPassword',
  [AUTH_ERROR_CODES.passwordWeak]: 'password',
} as const;

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const change = useChangePassword();
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: changePasswordRequest,
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onValid = onSubmit((request) =>
    change.mutate(request, {
      onSuccess: (response) => {
        form.reset();
        void showToast({
          color: 'green',
          message: serverSentence(response.message, t('outcome.passwordChanged')),
          closeLabel: tCommon('close'),
        });
      },
      onError: (error) =>
        showFailure(error, {
          fallback: t('password.failed'),
          codeFields: FIELD_OF_CODE,
        }),
    }),
  );

  return (
    <SectionCard id="change-password-heading" title={t('password.title')} intro={t('password.intro')}>
      <form ref={containerRef} onSubmit={onValid} noValidate aria-labelledby="change-password-heading">
        <Stack gap="md" maw={420}>
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <CurrentPasswordField
            label={t('password.current')}
            name="currentPassword"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordPairFields
            form={form}
            labels={{ password: t('password.new'), confirm: t('password.confirm') }}
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
