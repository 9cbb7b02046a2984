import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { useLogout } from '../api/logout';
import { AuthPanel } from './auth-panel';

/** /logout — ends the session on arrival, empties the cache (see useLogout) and lands on /home. */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const logout = useLogout();
  const [failure, setFailure] = useState<string | null>(null);
  const hasStarted = useRef(false);
  const { mutate } = logout;

  const start = () => {
    setFailure(null);
    mutate(undefined, {
      onSuccess: () => void navigate(paths.home(), { replace: true }),
      onError: (error) => setFailure(failureMessage(error, t('outcome.logoutFailed'))),
    });
  };

  // Once per visit: StrictMode mounts twice in development, and a second logout call would only add noise.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on arrival only; `start` is recreated each render.
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    start();
  }, []);

  return (
    <AuthPanel title={t('logout.title')}>
      {failure ? (
        <Stack gap="md">
          <FormAlert tone="error" data-testid="logout-error">
            {failure}
          </FormAlert>
          <Button onClick={start} loading={logout.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('logout.retry')}
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="sm" role="status" aria-live="polite" py="md">
          <Loader aria-hidden="true" />
          <Text>{t('logout.inProgress')}</Text>
        </Stack>
      )}
    </AuthPanel>
  );
}
