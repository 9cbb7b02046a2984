import { Anchor, Group, Stack, Text } from '@mantine/core';
import { AUTH_ERROR_CODES, ERROR_CODES } from '@mohar/contracts';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CurrentPasswordField } from '@/components/current-password-field';
import { EmailField } from '@/components/email-field';
import { FormAlert } from '@/components/form-alert';
import { paths } from '@/config/paths';
import { hasErrorCode } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { useLogin } from '../api/login';
import { adoptedHtmlLogin, forgetHtmlLogin } from '../lib/html-login';
import { loadLoginRequest } from '../lib/login-schemas';
import { AuthFormEnd } from './auth-form-end';
import { ResendVerification } from './resend-verification';

type Refusal = 'unverified' | 'paused' | 'locked' | 'other';

/**
 * Which kind of refusal: the two limits on wrong passwords (this address: wait or reset; the whole account: check
 * the e-mail for the sign-in link) get a title of their own, so they read as a pause and not as a wrong password.
 */
function refusalOf(error: unknown): Refusal {
  if (hasErrorCode(error, AUTH_ERROR_CODES.emailUnverified)) return 'unverified';
  if (hasErrorCode(error, AUTH_ERROR_CODES.accountThrottled)) return 'paused';
  if (hasErrorCode(error, ERROR_CODES.rateLimited)) return 'locked';
  return 'other';
}

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
  const [refusal, setRefusal] = useState<Refusal>('other');
  const isUnverified = refusal === 'unverified';
  // The password typed into login.html's card before the app took over, and the field that had focus; taken once.
  const [typed] = useState(adoptedHtmlLogin);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: loadLoginRequest,
    initialValues: { email: props.email, password: typed?.password ?? '' },
    onValuesChange: (values) => props.onEmailChange(values.email),
  });
  // The field the visitor was typing in keeps the focus: a layout effect runs before the browser handles the next
  // key, so no keystroke lands outside the form.
  const focused = typed?.focused;
  useLayoutEffect(() => {
    if (focused) containerRef.current?.querySelector<HTMLInputElement>(`input[name="${focused}"]`)?.focus();
    forgetHtmlLogin();
  }, [focused, containerRef]);

  const onValid = onSubmit((request) => {
    props.onSubmit();
    login.mutate(request, {
      onSuccess: (response) => {
        if ('mfaRequired' in response) props.onMfaRequired();
      },
      onError: (error) => {
        setRefusal(refusalOf(error));
        showFailure(error, { fallback: t('outcome.loginFailed') });
      },
    });
  });

  return (
    <form ref={containerRef} onSubmit={onValid} noValidate aria-label={t('login.formLabel')}>
      <Stack gap="md">
        {props.notice && !failure && (
          <FormAlert tone="info" data-testid="login-notice">
            {props.notice}
          </FormAlert>
        )}
        {failure && (
          <FormAlert
            tone={refusal === 'other' ? 'error' : 'warning'}
            title={
              refusal === 'paused'
                ? t('login.pausedTitle')
                : refusal === 'locked'
                  ? t('login.lockedTitle')
                  : undefined
            }
            data-testid="login-error"
          >
            <Stack gap="sm">
              <Text size="sm">{failure}</Text>
              {isUnverified && <ResendVerification email={form.values.email} />}
            </Stack>
          </FormAlert>
        )}
        <EmailField label={t('fields.email')} {...form.getInputProps('email')} />
        <CurrentPasswordField label={t('fields.password')} {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.auth.forgotPassword()} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <AuthFormEnd
          submitLabel={t('login.submit')}
          isPending={login.isPending}
          other={{ question: t('login.noAccount'), link: t('login.registerLink'), to: paths.auth.register() }}
        />
      </Stack>
    </form>
  );
}
