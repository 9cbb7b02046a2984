import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { loginMfaRequest, useLoginMfa } from '../api/login-mfa';

const LOGIN_FAILED = 'Login failed';

/** The second login step: a 6-digit code from the authenticator app, or one recovery code. */
export function MfaStep(props: { onRestart: (notice?: string) => void }) {
  const { t } = useTranslation('auth');
  const loginMfa = useLoginMfa();
  const [code, setCode] = useState('');
  const [isRecovery, setIsRecovery] = useState(false);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm({ schema: loginMfaRequest, values: { code }, fields: ['code'] });
    if (!result.ok) {
      setCodeError(result.errors.code);
      focusFailure();
      return;
    }
    setCodeError(undefined);
    loginMfa.mutate(result.data, {
      onError: (error) => {
        const message = failureMessage(error, LOGIN_FAILED);
        // The pending login expired (or the server restarted): only a fresh password step can continue.
        if (hasErrorCode(error, AUTH_ERROR_CODES.mfaNotPending)) return props.onRestart(message);
        if (hasErrorCode(error, AUTH_ERROR_CODES.mfaInvalidCode)) setCodeError(message);
        else setFailure(message);
        focusFailure();
      },
    });
  };

  return (
    <form ref={containerRef} onSubmit={onSubmit} noValidate aria-labelledby="mfa-step-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="mfa-step-heading">
          {t('mfa.title')}
        </Title>
        <Text>{isRecovery ? t('mfa.introRecovery') : t('mfa.intro')}</Text>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <TextInput
          key={isRecovery ? 'recovery' : 'totp'}
          label={isRecovery ? t('mfa.recoveryLabel') : t('mfa.codeLabel')}
          name="code"
          autoComplete="one-time-code"
          inputMode={isRecovery ? 'text' : 'numeric'}
          autoCapitalize="off"
          spellCheck={false}
          required
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setCodeError(undefined);
          }}
          error={codeError}
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
              setCode('');
              setCodeError(undefined);
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
