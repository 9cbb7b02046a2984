import { Button, Stack, Text, Title } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { PasswordField } from '@/components/password-field';
import { showToast } from '@/components/toast-host';
import { useContractForm } from '@/lib/use-contract-form';
import { type MfaDisableInput, mfaDisableRequest, useDisableMfa } from '../api/disable-mfa';

/** Turning MFA off needs the password and a current code, and a confirmation. */
export function MfaDisableForm() {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const disable = useDisableMfa();
  const [pending, setPending] = useState<MfaDisableInput | null>(null);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: mfaDisableRequest,
    initialValues: { password: '', code: '' },
  });

  const onConfirm = () => {
    if (!pending) return;
    disable.mutate(pending, {
      onSuccess: (response) => {
        setPending(null);
        void showToast({ color: 'green', message: response.message, closeLabel: tCommon('close') });
      },
      onError: (error) => {
        setPending(null);
        showFailure(error, {
          fallback: t('mfa.disableFailed'),
          codeFields: {
            [AUTH_ERROR_CODES.passwordWrong]: 'password',
            [AUTH_ERROR_CODES.mfaInvalidCode]: 'code',
          },
        });
      },
    });
  };

  return (
    <form ref={containerRef} onSubmit={onSubmit(setPending)} noValidate aria-labelledby="mfa-disable-heading">
      <Stack gap="sm" maw={420}>
        <Title order={3} size="h4" id="mfa-disable-heading">
          {t('mfa.disableTitle')}
        </Title>
        <Text size="sm">{t('mfa.disableIntro')}</Text>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <PasswordField
          label={t('mfa.password')}
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <OneTimeCodeField label={t('mfa.codeOrRecovery')} {...form.getInputProps('code')} />
        <Button type="submit" color="red" variant="light" style={{ alignSelf: 'flex-start' }}>
          {t('mfa.disable')}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        title={t('mfa.disableConfirmTitle')}
        body={t('mfa.disableConfirmBody')}
        confirmLabel={t('mfa.disableConfirm')}
        cancelLabel={t('cancel')}
        closeLabel={tCommon('close')}
        isDestructive
        isPending={disable.isPending}
        onClose={() => setPending(null)}
        onConfirm={onConfirm}
      />
    </form>
  );
}
