import { Stack, Text, Title } from '@mantine/core';
import type { UserRole } from '@mohar/contracts';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/lib/current-user';
import { loadedRoleDashboard, loadRoleDashboard } from './role-dashboards';

/** The role's part, loaded with the screen by the router; loaded here only if that did not happen (a slow session). */
function RoleDashboard({ role }: { role: UserRole }) {
  const [Dashboard, setDashboard] = useState<ComponentType | undefined>(() => loadedRoleDashboard(role));
  useEffect(() => {
    if (Dashboard) return;
    void loadRoleDashboard(role).then(
      (component) => setDashboard(() => component),
      // A file that cannot be fetched fails the screen as a missing screen file does: the route's error screen.
      (error: unknown) =>
        setDashboard(() => {
          throw error;
        }),
    );
  }, [Dashboard, role]);
  return Dashboard ? <Dashboard /> : <PageLoader />;
}

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
      <RoleDashboard key={user.role} role={user.role} />
    </Stack>
  );
}
