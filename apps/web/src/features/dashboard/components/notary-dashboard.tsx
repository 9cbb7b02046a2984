import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { useNotaryProfile } from '@/lib/notary-profile';
import { ApplicationStatusCard } from './application-status-card';
import { AvailabilityCard } from './availability-card';
import { EmptyCard } from './empty-card';

/** The notary's dashboard: where the application stands; once verified, availability, requests and the register. */
export function NotaryDashboard() {
  const { t } = useTranslation('dashboard');
  const profile = useNotaryProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('notary.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failureMessage(profile.error, t('notary.loadFailed'))}</Text>
          <Button size="xs" variant="default" onClick={() => void profile.refetch()}>
            {t('notary.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const notary = profile.data;
  const isVerified = notary.status === 'verified';
  return (
    <Stack gap="md">
      {isVerified && <AvailabilityCard profile={notary} />}
      <ApplicationStatusCard profile={notary} />
      <EmptyCard id="requests-heading" title={t('notary.requestsTitle')} body={t('notary.requestsBody')} />
      {isVerified && (
        <EmptyCard
          id="register-heading"
          title={t('notary.registerTitle')}
          body={t('notary.registerBody')}
          action={
            <Button component={Link} to={paths.notary.register()} variant="default">
              {t('notary.registerButton')}
            </Button>
          }
        />
      )}
    </Stack>
  );
}
