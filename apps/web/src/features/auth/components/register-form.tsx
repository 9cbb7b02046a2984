import { Anchor, Button, Checkbox, Radio, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { AUTH_ERROR_CODES, todayInIndia } from '@mohar/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { paths } from '@/config/paths';
import { errorMessage, failureMessage, formFieldErrorsOf, hasErrorCode } from '@/lib/api-errors';
import { type FieldErrors, hasFieldErrors, validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { registerRequest, useRegister } from '../api/register';
import {
  emptyRegisterForm,
  latestAdultBirthDate,
  REGISTER_FIELDS,
  type RegisterField,
  type RegisterFormValues,
} from '../lib/register-form';
import { PasswordHintText } from './password-hint-text';

/** Spec §8: server message, else error text, else this. */
const REGISTRATION_FAILED = 'Registration failed';

export function RegisterForm(props: { onRegistered: (result: { message: string; email: string }) => void }) {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const [values, setValues] = useState<RegisterFormValues>(emptyRegisterForm);
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const setField = <F extends RegisterField>(field: F, value: RegisterFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm({
      schema: registerRequest,
      values,
      fields: REGISTER_FIELDS,
      translate: ({ field, code, message }) =>
        t(`register.errors.${field}.${code}`, { defaultValue: message }),
    });
    if (!result.ok) {
      setErrors(result.errors);
      focusFailure();
      return;
    }
    setErrors({});
    register.mutate(result.data, {
      onSuccess: (response) => props.onRegistered({ message: response.message, email: result.data.email }),
      onError: (error) => {
        const fieldErrors = formFieldErrorsOf(error, REGISTER_FIELDS);
        // A password on the common-passwords list is the password field's problem.
        if (hasErrorCode(error, AUTH_ERROR_CODES.passwordWeak)) fieldErrors.password ??= errorMessage(error);
        setErrors(fieldErrors);
        if (!hasFieldErrors(fieldErrors)) setFailure(failureMessage(error, REGISTRATION_FAILED));
        focusFailure();
      },
    });
  };

  return (
    <form ref={containerRef} onSubmit={onSubmit} noValidate aria-label={t('register.formLabel')}>
      <Stack gap="md">
        <Text size="sm">{t('register.required')}</Text>
        {failure && (
          <FormAlert tone="error" data-testid="register-error">
            {failure}
          </FormAlert>
        )}
        <Radio.Group
          label={t('fields.role')}
          name="role"
          required
          value={values.role}
          onChange={(value) => setField('role', value === 'notary' ? 'notary' : 'client')}
          error={errors.role}
        >
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
        <TextInput
          label={t('fields.name')}
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(event) => setField('name', event.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={(event) => setField('email', event.currentTarget.value)}
          error={errors.email}
        />
        <TextInput
          label={t('fields.mobile')}
          description={t('register.mobileHint')}
          name="mobile"
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          required
          leftSection={
            <Text size="sm" fw={600} aria-hidden>
              +91
            </Text>
          }
          leftSectionWidth={48}
          value={values.mobile}
          onChange={(event) => setField('mobile', event.currentTarget.value)}
          error={errors.mobile}
        />
        <TextInput
          label={t('fields.dateOfBirth')}
          description={t('register.dateOfBirthHint')}
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          required
          max={latestAdultBirthDate(todayInIndia())}
          min="1900-01-02"
          value={values.dateOfBirth}
          onChange={(event) => setField('dateOfBirth', event.currentTarget.value)}
          error={errors.dateOfBirth}
        />
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
        <Checkbox
          name="termsAccepted"
          required
          checked={values.termsAccepted}
          onChange={(event) => setField('termsAccepted', event.currentTarget.checked)}
          error={errors.termsAccepted}
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
        <Button type="submit" size="md" fullWidth loading={register.isPending}>
          {t('register.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={paths.auth.login()} underline="always">
            {t('register.loginLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
