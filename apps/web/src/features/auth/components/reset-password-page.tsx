import { Anchor, Button, Stack, Text } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { PasswordPairFields } from '@/components/password-pair-fields';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { resetPasswordRequest, useResetPassword } from '../api/reset-password';
import { isInvalidTokenError, isMalformedTokenError } from '../lib/token-error';
import { AuthPanel } from './auth-panel';

/** /password/reset/:token — the link from the reset e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [isLinkInvalid, setIsLinkInvalid] = useState(false);
  // The page's failures are toasts (and the invalid-link message); `failure` is not shown here.
  const { form, onSubmit, showFailure, containerRef } = useContractForm({
    schema: resetPasswordRequest,
    initialValues: { password: '', confirmPassword: '' },
  });

  const onValid = onSubmit((input) =>
    reset.mutate(
      { token, input },
      {
        onSuccess: () => {
          void showToast({
            color: 'green',
            message: t('outcome.passwordUpdated'),
            closeLabel: tCommon('close'),
          });
          void navigate(paths.auth.login(), { replace: true });
        },
        onError: (error) => {
          const message = isMalformedTokenError(error)
            ? t('reset.linkInvalid')
            : failureMessage(error, t('outcome.passwordUpdateFailed'));
          void showToast({ color: 'red', message, closeLabel: tCommon('close') });
          setIsLinkInvalid(isInvalidTokenError(error));
          showFailure(error, {
            fallback: t('outcome.passwordUpdateFailed'),
            codeFields: { [AUTH_ERROR_CODES.passwordWeak]: 'password' },
          });
        },
      },
    ),
  );

  return (
    <AuthPanel title={t('reset.title')} intro={t('reset.intro')}>
      <form ref={containerRef} onSubmit={onValid} noValidate aria-label={t('reset.formLabel')}>
        <Stack gap="md">
          {isLinkInvalid && (
            <FormAlert tone="error" data-testid="reset-link-invalid">
              <Text size="sm">
                {t('reset.linkInvalid')}{' '}
                <Anchor component={Link} to={paths.auth.forgotPassword()} inherit underline="always">
                  {t('reset.requestNewLink')}
                </Anchor>
              </Text>
            </FormAlert>
          )}
          <PasswordPairFields
            form={form}
            labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmPassword') }}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthPanel>
  );
}
