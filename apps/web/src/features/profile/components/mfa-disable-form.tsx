import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CurrentPasswordField } from '@/components/current-password-field';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { TitledForm } from '@/components/titled-form';
import { showToast } from '@/components/toast-host';
import { serverSentence } from '@/lib/i18n';
import { useContractForm } from '@/lib/use-contract-form';
import { type MfaDisableInput, mfaDisableRequest, useDisableMfa } from '../api/disable-mfa';

/** The refusals that are one field's problem. */
const FIELD_OF_CODE = {
  [AUTH_ERROR_CODES.passwordWrong]: 'password',
  [AUTH_ERROR_CODES.mfaInvalidCode]: 'code',
} as const;

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
        void showToast({
          color: 'green',
          message: serverSentence(response.message, t('outcome.mfaOff')),
          closeLabel: tCommon('close'),
        });
      },
      onError: (error) => {
        setPending(null);
        showFailure(error, {
          fallback: t('mfa.disableFailed'),
          codeFields: FIELD_OF_CODE,
        });
      },
    });
  };

  return (
    <TitledForm
      headingId="mfa-disable-heading"
      title={t('mfa.disableTitle')}
      heading={{ order: 3, size: 'h4' }}
      intro={t('mfa.disableIntro')}
      failure={failure}
      submit={{ label: t('mfa.disable'), color: 'red', variant: 'light' }}
      gap="sm"
      maw={420}
      formRef={containerRef}
      onSubmit={onSubmit(setPending)}
      after={
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
      }
    >
      <CurrentPasswordField label={t('mfa.password')} {...form.getInputProps('password')} />
      <OneTimeCodeField label={t('mfa.codeOrRecovery')} {...form.getInputProps('code')} />
    </TitledForm>
  );
}
