import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/current-user';
import { AdminDashboard } from './admin-dashboard';
import { ClientDashboard } from './client-dashboard';
import { NotaryDashboard } from './notary-dashboard';

/** /dashboard — a greeting and each role's first steps. No figures are shown until there is data behind them. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  return (
    <Stack gap="lg">
      <title>{`${t('title')} · Mohar`}</title>
      <Stack gap={4}>
        <Title order={1}>{t('greeting', { name: user.name })}</Title>
        <Text c="dimmed">{t(`roleIntro.${user.role}`)}</Text>
      </Stack>
      {user.role === 'client' && <ClientDashboard />}
      {user.role === 'notary' && <NotaryDashboard />}
      {user.role === 'admin' && <AdminDashboard />}
    </Stack>
  );
}
