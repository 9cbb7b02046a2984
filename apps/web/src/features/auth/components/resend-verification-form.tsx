import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { FormAlert } from '@/components/form-alert';
import { useContractForm } from '@/lib/use-contract-form';
import { resendVerificationRequest, useResendVerification } from '../api/resend-verification';

/** Asks for a new verification link when the old one is used up or expired. */
export function ResendVerificationForm() {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: resendVerificationRequest,
    initialValues: { email: '' },
  });
  const onValid = onSubmit((request) =>
    resend.mutate(request, {
      onError: (error) => showFailure(error, { fallback: t('verify.resendFailed') }),
    }),
  );

  return (
    <form ref={containerRef} onSubmit={onValid} noValidate aria-labelledby="resend-heading">
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
        <EmailField label={t('fields.email')} {...form.getInputProps('email')} />
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
