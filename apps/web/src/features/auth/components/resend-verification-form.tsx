import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage } from '@/lib/api-errors';
import { validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { resendVerificationRequest, useResendVerification } from '../api/resend-verification';

/** Asks for a new verification link when the old one is used up or expired. */
export function ResendVerificationForm() {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm({ schema: resendVerificationRequest, values: { email }, fields: ['email'] });
    if (!result.ok) {
      setEmailError(result.errors.email);
      focusFailure();
      return;
    }
    resend.mutate(result.data, {
      onError: (error) => {
        setFailure(failureMessage(error, t('verify.resendFailed')));
        focusFailure();
      },
    });
  };

  return (
    <form ref={containerRef} onSubmit={onSubmit} noValidate aria-labelledby="resend-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="resend-heading">
          {t('verify.resendTitle')}
        </Title>
        <Text size="sm">{t('verify.resendIntro')}</Text>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {resend.isSuccess && (
          <FormAlert tone="success" data-testid="resend-confirmation">
            {resend.data.message}
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
        <Button
          type="submit"
          variant="default"
          loading={resend.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('verify.resendButton')}
        </Button>
      </Stack>
    </form>
  );
}
