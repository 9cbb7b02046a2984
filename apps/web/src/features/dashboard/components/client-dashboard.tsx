import { Button, Stack, Text } from '@mantine/core';
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
          <Stack gap={6} align="flex-start">
            {/* Applications open with the next release: the button says so rather than leading nowhere. */}
            <Button size="md" disabled aria-describedby="start-soon">
              {t('client.startButton')}
            </Button>
            <Text size="sm" c="dimmed" id="start-soon">
              {t('client.startSoon')}
            </Text>
          </Stack>
        }
      />
      <EmptyCard
        id="applications-heading"
        title={t('client.applicationsTitle')}
        body={t('client.applicationsBody')}
        action={
          <Button component={Link} to={paths.resources.list()} variant="default">
            {t('client.readHow')}
          </Button>
        }
      />
    </Stack>
  );
}
