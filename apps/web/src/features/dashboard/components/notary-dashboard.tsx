import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { EmptyCard } from './empty-card';

export function NotaryDashboard() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="md">
      <EmptyCard
        id="onboarding-heading"
        title={t('notary.onboardingTitle')}
        body={t('notary.onboardingBody')}
        action={
          <Button component={Link} to={paths.notary.register()}>
            {t('notary.onboardingButton')}
          </Button>
        }
      />
      <EmptyCard id="requests-heading" title={t('notary.requestsTitle')} body={t('notary.requestsBody')} />
    </Stack>
  );
}
