import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { loginMfaRequest, useLoginMfa } from '../api/login-mfa';

const LOGIN_FAILED = 'Login failed';

/** The second login step: a 6-digit code from the authenticator app, or one recovery code. */
export function MfaStep(props: { onRestart: (notice?: string) => void }) {
  const { t } = useTranslation('auth');
  const loginMfa = useLoginMfa();
  const [isRecovery, setIsRecovery] = useState(false);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: loginMfaRequest,
    initialValues: { code: '' },
  });

  const onValid = onSubmit((request) =>
    loginMfa.mutate(request, {
      onError: (error) => {
        // The pending login expired (or the server restarted): only a fresh password step can continue.
        if (hasErrorCode(error, AUTH_ERROR_CODES.mfaNotPending))
          return props.onRestart(failureMessage(error, LOGIN_FAILED));
        showFailure(error, {
          fallback: LOGIN_FAILED,
          codeFields: { [AUTH_ERROR_CODES.mfaInvalidCode]: 'code' },
        });
      },
    }),
  );

  return (
    <form ref={containerRef} onSubmit={onValid} noValidate aria-labelledby="mfa-step-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="mfa-step-heading">
          {t('mfa.title')}
        </Title>
        <Text>{isRecovery ? t('mfa.introRecovery') : t('mfa.intro')}</Text>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <OneTimeCodeField
          key={isRecovery ? 'recovery' : 'totp'}
          label={isRecovery ? t('mfa.recoveryLabel') : t('mfa.codeLabel')}
          inputMode={isRecovery ? 'text' : 'numeric'}
          autoCapitalize="off"
          spellCheck={false}
          {...form.getInputProps('code')}
        />
        <Button type="submit" size="md" fullWidth loading={loginMfa.isPending}>
          {t('mfa.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setIsRecovery((value) => !value);
              form.reset();
            }}
          >
            {isRecovery ? t('mfa.useApp') : t('mfa.useRecovery')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => props.onRestart()}>
            {t('mfa.back')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
