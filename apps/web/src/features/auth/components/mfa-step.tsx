import { Anchor, Button, Group, Text } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { TitledForm } from '@/components/titled-form';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { useLoginMfa } from '../api/login-mfa';
import { loadLoginMfaRequest } from '../lib/login-schemas';

/** The second login step: a 6-digit code from the authenticator app, or one recovery code. */
export function MfaStep(props: { onRestart: (notice?: string) => void }) {
  const { t } = useTranslation('auth');
  const loginMfa = useLoginMfa();
  const [isRecovery, setIsRecovery] = useState(false);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: loadLoginMfaRequest,
    initialValues: { code: '' },
  });

  const onValid = onSubmit((request) =>
    loginMfa.mutate(request, {
      onError: (error) => {
        // The pending login expired (or the server restarted): only a fresh password step can continue.
        if (hasErrorCode(error, AUTH_ERROR_CODES.mfaNotPending))
          return props.onRestart(failureMessage(error, t('outcome.loginFailed')));
        showFailure(error, {
          fallback: t('outcome.loginFailed'),
          codeFields: { [AUTH_ERROR_CODES.mfaInvalidCode]: 'code' },
        });
      },
    }),
  );

  return (
    <TitledForm
      headingId="mfa-step-heading"
      title={t('mfa.title')}
      heading={{ order: 2, size: 'h3' }}
      intro={<Text>{isRecovery ? t('mfa.introRecovery') : t('mfa.intro')}</Text>}
      failure={failure}
      gap="md"
      formRef={containerRef}
      onSubmit={onValid}
    >
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
    </TitledForm>
  );
}
