import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { paths } from '@/config/paths';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { type FieldErrors, validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { loginRequest, useLogin } from '../api/login';
import { ResendVerification } from './resend-verification';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** Spec §8: server message, else error text, else this. */
const LOGIN_FAILED = 'Login failed';

type Failure = { message: string; isUnverified: boolean };

export function LoginForm(props: {
  email: string;
  onEmailChange: (email: string) => void;
  /** Why the visitor is back at this step (a second step that expired). */
  notice?: string | undefined;
  onSubmit: () => void;
  onMfaRequired: () => void;
}) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm({
      schema: loginRequest,
      values: { email: props.email, password },
      fields: FIELDS,
    });
    if (!result.ok) {
      setErrors(result.errors);
      focusFailure();
      return;
    }
    setErrors({});
    props.onSubmit();
    login.mutate(result.data, {
      onSuccess: (response) => {
        if ('mfaRequired' in response) props.onMfaRequired();
      },
      onError: (error) => {
        setFailure({
          message: failureMessage(error, LOGIN_FAILED),
          isUnverified: hasErrorCode(error, AUTH_ERROR_CODES.emailUnverified),
        });
        focusFailure();
      },
    });
  };

  return (
    <form ref={containerRef} onSubmit={onSubmit} noValidate aria-label={t('login.formLabel')}>
      <Stack gap="md">
        {props.notice && !failure && (
          <FormAlert tone="info" data-testid="login-notice">
            {props.notice}
          </FormAlert>
        )}
        {failure && (
          <FormAlert tone={failure.isUnverified ? 'warning' : 'error'} data-testid="login-error">
            <Stack gap="sm">
              <Text size="sm">{failure.message}</Text>
              {failure.isUnverified && <ResendVerification email={props.email} />}
            </Stack>
          </FormAlert>
        )}
        <TextInput
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={props.email}
          onChange={(event) => {
            props.onEmailChange(event.currentTarget.value);
            setErrors((current) => ({ ...current, email: undefined }));
          }}
          error={errors.email}
        />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={errors.password}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.auth.forgotPassword()} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('login.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={paths.auth.register()} underline="always">
            {t('login.registerLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
