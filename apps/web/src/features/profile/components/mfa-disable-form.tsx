import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { showToast } from '@/components/toast-host';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { type FieldErrors, validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { type MfaDisableInput, mfaDisableRequest, useDisableMfa } from '../api/disable-mfa';

const FIELDS = ['password', 'code'] as const;
type Field = (typeof FIELDS)[number];

/** Turning MFA off needs the password and a current code, and a confirmation. */
export function MfaDisableForm() {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const disable = useDisableMfa();
  const [values, setValues] = useState({ password: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<MfaDisableInput | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const setField = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm({ schema: mfaDisableRequest, values, fields: FIELDS });
    if (!result.ok) {
      setErrors(result.errors);
      focusFailure();
      return;
    }
    setPending(result.data);
  };

  const onConfirm = () => {
    if (!pending) return;
    disable.mutate(pending, {
      onSuccess: (response) => {
        setPending(null);
        void showToast({ color: 'green', message: response.message, closeLabel: tCommon('close') });
      },
      onError: (error) => {
        setPending(null);
        const message = failureMessage(error, t('mfa.disableFailed'));
        if (hasErrorCode(error, AUTH_ERROR_CODES.passwordWrong)) setErrors({ password: message });
        else if (hasErrorCode(error, AUTH_ERROR_CODES.mfaInvalidCode)) setErrors({ code: message });
        else setFailure(message);
        focusFailure();
      },
    });
  };

  return (
    <form ref={containerRef} onSubmit={onSubmit} noValidate aria-labelledby="mfa-disable-heading">
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
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={errors.password}
        />
        <TextInput
          label={t('mfa.codeOrRecovery')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={values.code}
          onChange={(event) => setField('code', event.currentTarget.value)}
          error={errors.code}
        />
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
