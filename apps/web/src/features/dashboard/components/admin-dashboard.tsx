import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { EmptyCard } from './empty-card';

export function AdminDashboard() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="md">
      <EmptyCard
        id="verification-heading"
        title={t('admin.verificationTitle')}
        body={t('admin.verificationBody')}
        action={
          <Button component={Link} to={paths.admin.notaries()} variant="default">
            {t('admin.verificationButton')}
          </Button>
        }
      />
      <EmptyCard
        id="operations-heading"
        title={t('admin.operationsTitle')}
        body={t('admin.operationsBody')}
        action={
          <Group gap="sm">
            <Button component={Link} to={paths.admin.support()} variant="default">
              {t('admin.supportButton')}
            </Button>
            <Button component={Link} to={paths.admin.refunds()} variant="default">
              {t('admin.refundsButton')}
            </Button>
          </Group>
        }
      />
    </Stack>
  );
}
