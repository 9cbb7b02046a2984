import { Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { serverSentence } from '@/lib/i18n';
import { useVerifyEmail } from '../api/verify-email';
import { isMalformedTokenError } from '../lib/token-error';
import { AuthPanel } from './auth-panel';
import { ResendVerificationForm } from './resend-verification-form';

/** /verify-email/:token — the link from the verification e-mail. The token is sent once, on arrival. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const verification = useVerifyEmail(token);

  return (
    <AuthPanel title={t('verify.title')}>
      {verification.isPending && (
        <Stack align="center" gap="sm" role="status" aria-live="polite" py="md">
          <Loader aria-hidden="true" />
          <Text>{t('verify.checking')}</Text>
        </Stack>
      )}
      {verification.isSuccess && (
        <Stack gap="md" data-testid="verify-success">
          <FormAlert tone="success" title={t('verify.successTitle')}>
            {serverSentence(verification.data.message, t('outcome.verified'))}
          </FormAlert>
          <Button component={Link} to={paths.auth.login()} size="md" style={{ alignSelf: 'flex-start' }}>
            {t('verify.goToLogin')}
          </Button>
        </Stack>
      )}
      {verification.isError && (
        <Stack gap="lg" data-testid="verify-error">
          <FormAlert tone="error" title={t('verify.failedTitle')}>
            {isMalformedTokenError(verification.error)
              ? t('verify.malformed')
              : failureMessage(verification.error, t('verify.failed'))}
          </FormAlert>
          <ResendVerificationForm />
        </Stack>
      )}
    </AuthPanel>
  );
}
