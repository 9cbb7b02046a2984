import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { mfaCodeRequest, useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';

/** New recovery codes for a user who has used or lost the old ones; a current code proves it is them. */
export function RegenerateCodesForm(props: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('profile');
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm({ schema: mfaCodeRequest, values: { code }, fields: ['code'] });
    if (!result.ok) {
      setCodeError(result.errors.code);
      focusFailure();
      return;
    }
    regenerate.mutate(result.data, {
      onSuccess: (response) => props.onCodes(response.recoveryCodes),
      onError: (error) => {
        const message = failureMessage(error, t('mfa.regenerateFailed'));
        if (hasErrorCode(error, AUTH_ERROR_CODES.mfaInvalidCode)) setCodeError(message);
        else setFailure(message);
        focusFailure();
      },
    });
  };

  return (
    <form ref={containerRef} onSubmit={onSubmit} noValidate aria-labelledby="regenerate-heading">
      <Stack gap="sm" maw={420}>
        <Title order={3} size="h4" id="regenerate-heading">
          {t('mfa.regenerateTitle')}
        </Title>
        <Text size="sm">{t('mfa.regenerateIntro')}</Text>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <TextInput
          label={t('mfa.codeLabel')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setCodeError(undefined);
          }}
          error={codeError}
        />
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
