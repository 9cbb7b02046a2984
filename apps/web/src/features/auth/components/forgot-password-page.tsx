import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField } from '@/components/email-field';
import { FormAlert } from '@/components/form-alert';
import { paths } from '@/config/paths';
import { serverSentence } from '@/lib/i18n';
import { useContractForm } from '@/lib/use-contract-form';
import { forgotPasswordRequest, useForgotPassword } from '../api/forgot-password';
import { AuthPanel } from './auth-panel';

/** /forgetpassword — the answer is the same whether or not the address has an account (no enumeration). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: forgotPasswordRequest,
    initialValues: { email: '' },
  });
  // Spec §8: the server's message (an ApiError's message is the server's, or the network failure).
  const onValid = onSubmit((request) =>
    forgot.mutate(request, { onError: (error) => showFailure(error, { fallback: t('forgot.failed') }) }),
  );

  return (
    <AuthPanel title={t('forgot.title')} intro={t('forgot.intro')}>
      {forgot.isSuccess ? (
        <Stack gap="md" data-testid="forgot-success">
          <FormAlert tone="success">
            {serverSentence(forgot.data.message, t('outcome.resetLinkSent'))}
          </FormAlert>
          <Text size="sm">{t('forgot.checkSpam')}</Text>
          <Button
            component={Link}
            to={paths.auth.login()}
            variant="default"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('forgot.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <form ref={containerRef} onSubmit={onValid} noValidate aria-label={t('forgot.formLabel')}>
          <Stack gap="md">
            {failure && (
              <FormAlert tone="error" data-testid="forgot-error">
                {failure}
              </FormAlert>
            )}
            <EmailField label={t('fields.email')} {...form.getInputProps('email')} />
            <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
              {t('forgot.submit')}
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to={paths.auth.login()}>
                {t('forgot.backToLogin')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthPanel>
  );
}
