import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/lib/api-errors';
import { serverSentence } from '@/lib/i18n';
import { useResendVerification } from '../api/resend-verification';

/** "Resend verification e-mail" for an address the visitor has already typed (login refused as unverified). */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        size="sm"
        loading={resend.isPending}
        onClick={() => resend.mutate({ email: email.trim().toLowerCase() })}
      >
        {t('verify.resendButton')}
      </Button>
      {/* Polite: the confirmation should not interrupt, and it replaces nothing the user is reading. */}
      <div role="status" aria-live="polite">
        {resend.isSuccess && (
          <Text size="sm" data-testid="resend-confirmation">
            {serverSentence(resend.data.message, t('outcome.resent'))}
          </Text>
        )}
        {resend.isError && (
          <Text size="sm" c="var(--mantine-color-error)">
            {failureMessage(resend.error, t('verify.resendFailed'))}
          </Text>
        )}
      </div>
    </Stack>
  );
}
