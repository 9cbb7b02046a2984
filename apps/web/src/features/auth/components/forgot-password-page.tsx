import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { forgotPasswordRequest, useForgotPassword } from '../api/forgot-password';
import { AuthPanel } from './auth-panel';

/** /forgetpassword — the answer is the same whether or not the address has an account (no enumeration). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm({ schema: forgotPasswordRequest, values: { email }, fields: ['email'] });
    if (!result.ok) {
      setEmailError(result.errors.email);
      focusFailure();
      return;
    }
    forgot.mutate(result.data, {
      onError: (error) => {
        // Spec §8: the server's message (an ApiError's message is the server's, or the network failure).
        setFailure(failureMessage(error, t('forgot.failed')));
        focusFailure();
      },
    });
  };

  return (
    <AuthPanel title={t('forgot.title')} intro={t('forgot.intro')}>
      {forgot.isSuccess ? (
        <Stack gap="md" data-testid="forgot-success">
          <FormAlert tone="success">{forgot.data.message}</FormAlert>
          <Text size="sm">{t('forgot.checkSpam')}</Text>
          <Button
            component={Link}
            to={paths.auth.login()}
            variant="default"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('forgot.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <form ref={containerRef} onSubmit={onSubmit} noValidate aria-label={t('forgot.formLabel')}>
          <Stack gap="md">
            {failure && (
              <FormAlert tone="error" data-testid="forgot-error">
                {failure}
              </FormAlert>
            )}
            <TextInput
              label={t('fields.email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setEmailError(undefined);
              }}
              error={emailError}
            />
            <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
              {t('forgot.submit')}
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to={paths.auth.login()}>
                {t('forgot.backToLogin')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthPanel>
  );
}
