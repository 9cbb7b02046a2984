import { resendVerificationRequest } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { FormAlert } from '@/components/form-alert';
import { TitledForm } from '@/components/titled-form';
import { serverSentence } from '@/lib/i18n';
import { useContractForm } from '@/lib/use-contract-form';
import { useResendVerification } from '../api/resend-verification';

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
    <TitledForm
      headingId="resend-heading"
      title={t('verify.resendTitle')}
      heading={{ order: 2, size: 'h4' }}
      intro={t('verify.resendIntro')}
      failure={failure}
      submit={{ label: t('verify.resendButton'), isPending: resend.isPending, variant: 'default' }}
      gap="md"
      formRef={containerRef}
      onSubmit={onValid}
    >
      {resend.isSuccess && (
        <FormAlert tone="success" data-testid="resend-confirmation">
          {serverSentence(resend.data.message, t('outcome.resent'))}
        </FormAlert>
      )}
      <EmailField label={t('fields.email')} {...form.getInputProps('email')} />
    </TitledForm>
  );
}
