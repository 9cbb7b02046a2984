import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Any other path while signed in: not found, inside the app shell, with the way back to the dashboard. */
export function ShellNotFoundPage() {
  const { t } = useTranslation();
  const { t: tApp } = useTranslation('app');
  return (
    <Stack align="center" ta="center" gap="md" py={{ base: 'xl', md: 80 }}>
      <title>{`${t('errors.notFoundTitle')} · Mohar`}</title>
      <Title order={1}>{t('errors.notFoundTitle')}</Title>
      <Text c="dimmed" size="lg" maw="60ch">
        {tApp('notFound.body')}
      </Text>
      <Button component={Link} to={paths.dashboard()} size="md">
        {tApp('notFound.backToDashboard')}
      </Button>
    </Stack>
  );
}
