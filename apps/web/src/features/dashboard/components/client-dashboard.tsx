import { Button, Group, Stack } from '@mantine/core';
import { FilePlus2, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { EmptyCard } from './empty-card';

export function ClientDashboard() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="md">
      <EmptyCard
        id="start-heading"
        title={t('client.startTitle')}
        body={t('client.startBody')}
        action={
          <Group gap="sm">
            <Button
              component={Link}
              to={paths.applications.new()}
              size="md"
              leftSection={<FilePlus2 size={18} aria-hidden="true" />}
              data-testid="dashboard-start"
            >
              {t('client.startButton')}
            </Button>
            <Button component={Link} to={paths.resources.list()} variant="default" size="md">
              {t('client.readHow')}
            </Button>
          </Group>
        }
      />
      <EmptyCard
        id="applications-heading"
        title={t('client.applicationsTitle')}
        body={t('client.applicationsBody')}
        action={
          <Button
            component={Link}
            to={paths.applications.list()}
            variant="default"
            leftSection={<ListChecks size={16} aria-hidden="true" />}
            data-testid="dashboard-applications"
          >
            {t('client.applicationsButton')}
          </Button>
        }
      />
    </Stack>
  );
}
