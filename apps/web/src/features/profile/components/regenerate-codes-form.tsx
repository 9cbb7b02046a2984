import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { TitledForm } from '@/components/titled-form';
import { useContractForm } from '@/lib/use-contract-form';
import { mfaCodeRequest, useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';

/** New recovery codes for a user who has used or lost the old ones; a current code proves it is them. */
export function RegenerateCodesForm(props: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('profile');
  const regenerate = useRegenerateRecoveryCodes();
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: mfaCodeRequest,
    initialValues: { code: '' },
  });
  const onValid = onSubmit((request) =>
    regenerate.mutate(request, {
      onSuccess: (response) => props.onCodes(response.recoveryCodes),
      onError: (error) =>
        showFailure(error, {
          fallback: t('mfa.regenerateFailed'),
          codeFields: { [AUTH_ERROR_CODES.mfaInvalidCode]: 'code' },
        }),
    }),
  );

  return (
    <TitledForm
      headingId="regenerate-heading"
      title={t('mfa.regenerateTitle')}
      heading={{ order: 3, size: 'h4' }}
      intro={t('mfa.regenerateIntro')}
      failure={failure}
      submit={{ label: t('mfa.regenerate'), isPending: regenerate.isPending, variant: 'default' }}
      gap="sm"
      maw={420}
      formRef={containerRef}
      onSubmit={onValid}
    >
      <OneTimeCodeField label={t('mfa.codeLabel')} {...form.getInputProps('code')} />
    </TitledForm>
  );
}
