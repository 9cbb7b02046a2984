import { Button, Stack, Text, Title } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { OneTimeCodeField } from '@/components/one-time-code-field';
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
    <form ref={containerRef} onSubmit={onValid} noValidate aria-labelledby="regenerate-heading">
      <Stack gap="sm" maw={420}>
        <Title order={3} size="h4" id="regenerate-heading">
          {t('mfa.regenerateTitle')}
        </Title>
        <Text size="sm">{t('mfa.regenerateIntro')}</Text>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <OneTimeCodeField label={t('mfa.codeLabel')} {...form.getInputProps('code')} />
        <Button
          type="submit"
          variant="default"
          loading={regenerate.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('mfa.regenerate')}
        </Button>
      </Stack>
    </form>
  );
}
