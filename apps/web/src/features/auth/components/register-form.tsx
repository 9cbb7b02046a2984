import { Anchor, Checkbox, Radio, Stack, Text, VisuallyHidden } from '@mantine/core';
import { AUTH_ERROR_CODES, todayInIndia } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '@/components/date-field';
import { EmailField } from '@/components/email-field';
import { FormAlert } from '@/components/form-alert';
import { MobileNumberField } from '@/components/mobile-number-field';
import { NameField } from '@/components/name-field';
import { PasswordPairFields } from '@/components/password-pair-fields';
import { paths } from '@/config/paths';
import { useContractForm } from '@/lib/use-contract-form';
import { registerRequest, useRegister } from '../api/register';
import { emptyRegisterForm, latestAdultBirthDate } from '../lib/register-form';
import { AuthFormEnd } from './auth-form-end';

export function RegisterForm(props: { onRegistered: (result: { message: string; email: string }) => void }) {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: registerRequest,
    initialValues: emptyRegisterForm(),
  });

  const onValid = onSubmit((request) =>
    register.mutate(request, {
      onSuccess: (response) => props.onRegistered({ message: response.message, email: request.email }),
      onError: (error) =>
        showFailure(error, {
          fallback: t('outcome.registrationFailed'),
          // A password on the common-passwords list is the password field's problem.
          codeFields: { [AUTH_ERROR_CODES.passwordWeak]: 'password' },
        }),
    }),
  );

  return (
    <form ref={containerRef} onSubmit={onValid} noValidate aria-label={t('register.formLabel')}>
      <Stack gap="md">
        <Text size="sm">{t('register.required')}</Text>
        {failure && (
          <FormAlert tone="error" data-testid="register-error">
            {failure}
          </FormAlert>
        )}
        <Radio.Group label={t('fields.role')} name="role" required {...form.getInputProps('role')}>
          <Stack gap="xs" mt={6}>
            <Radio
              value="client"
              label={t('register.roles.client')}
              description={t('register.roles.clientHint')}
            />
            <Radio
              value="notary"
              label={t('register.roles.notary')}
              description={t('register.roles.notaryHint')}
            />
          </Stack>
        </Radio.Group>
        <NameField label={t('fields.name')} {...form.getInputProps('name')} />
        <EmailField label={t('fields.email')} {...form.getInputProps('email')} />
        <MobileNumberField
          label={t('fields.mobile')}
          description={t('register.mobileHint')}
          {...form.getInputProps('mobile')}
        />
        <DateField
          label={t('fields.dateOfBirth')}
          description={t('register.dateOfBirthHint')}
          name="dateOfBirth"
          autoComplete="bday"
          required
          max={latestAdultBirthDate(todayInIndia())}
          min="1900-01-02"
          {...form.getInputProps('dateOfBirth')}
        />
        <PasswordPairFields
          form={form}
          labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmPassword') }}
        />
        <Checkbox
          name="termsAccepted"
          required
          {...form.getInputProps('termsAccepted', { type: 'checkbox' })}
          label={
            <>
              {t('register.termsBefore')}{' '}
              <Anchor component={Link} to={paths.legal.terms()} target="_blank" inherit underline="always">
                {t('register.termsLink')}
                <VisuallyHidden> {t('newTab')}</VisuallyHidden>
              </Anchor>{' '}
              {t('register.termsAnd')}{' '}
              <Anchor component={Link} to={paths.legal.privacy()} target="_blank" inherit underline="always">
                {t('register.privacyLink')}
                <VisuallyHidden> {t('newTab')}</VisuallyHidden>
              </Anchor>
              {t('register.termsAfter')}
            </>
          }
        />
        <AuthFormEnd
          submitLabel={t('register.submit')}
          isPending={register.isPending}
          other={{
            question: t('register.haveAccount'),
            link: t('register.loginLink'),
            to: paths.auth.login(),
          }}
        />
      </Stack>
    </form>
  );
}
