import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { useSession } from '../api/get-session';
import { useLoginWithLink } from '../api/login-with-link';
import { signInLinkState } from '../lib/sign-in-link-state';
import { AuthPanel } from './auth-panel';
import { MfaStep } from './mfa-step';

/**
 * /sign-in-link/:token — the one-time link e-mailed while password sign-in to the account is paused. The token is
 * sent once, on arrival; an account with two-step verification then gives its code, as after a password.
 */
export function SignInLinkPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const link = useLoginWithLink(token);
  const session = useSession();
  const state = signInLinkState(link);

  if (state === 'signed-in' || (state === 'second-step' && session.data))
    return <Navigate to={paths.dashboard()} replace />;

  return (
    <AuthPanel title={t('signInLink.title')}>
      {state === 'checking' && (
        <Stack align="center" gap="sm" role="status" aria-live="polite" py="md">
          <Loader aria-hidden="true" />
          <Text>{t('signInLink.checking')}</Text>
        </Stack>
      )}
      {state === 'second-step' && <MfaStep onRestart={() => void navigate(paths.auth.login())} />}
      {(state === 'expired' || state === 'malformed' || state === 'failed') && (
        <Stack gap="lg" data-testid="sign-in-link-error">
          <FormAlert
            tone="error"
            title={state === 'failed' ? t('signInLink.failedTitle') : t('signInLink.expiredTitle')}
          >
            {state === 'failed'
              ? failureMessage(link.error, t('signInLink.failed'))
              : t(state === 'expired' ? 'signInLink.expired' : 'signInLink.malformed')}
          </FormAlert>
          <Group gap="sm">
            <Button component={Link} to={paths.auth.login()} size="md">
              {t('signInLink.goToLogin')}
            </Button>
            <Button component={Link} to={paths.auth.forgotPassword()} size="md" variant="default">
              {t('signInLink.resetPassword')}
            </Button>
          </Group>
        </Stack>
      )}
    </AuthPanel>
  );
}
