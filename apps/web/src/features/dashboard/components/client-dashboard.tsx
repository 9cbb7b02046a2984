import { Button, Group, Stack } from '@mantine/core';
import { FilePlus2, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatInr } from '@/lib/format';
import { useDashboardApplications } from '../api/get-dashboard';
import { activeApplications, clientNextAction } from '../lib/next-action';
import { EmptyCard } from './empty-card';
import { type WorkItem, WorkList } from './work-list';

/** The client's applications under way, each with the next thing to do (pay ₹…, verify, start, join, download). */
function ActiveApplications() {
  const { t } = useTranslation('dashboard');
  const query = useDashboardApplications();
  const items = query.data
    ? activeApplications(query.data.applications).flatMap((item): WorkItem[] => {
        const action = clientNextAction(item);
        if (!action) return [];
        return [
          {
            id: item._id,
            title: item.title ?? t('work.untitled'),
            detail: t(`client.next.${action.key}.detail`),
            actionLabel: t(`client.next.${action.key}.action`, { amount: formatInr(item.totalPaise) }),
            href: action.href,
          },
        ];
      })
    : undefined;
  return (
    <WorkList
      id="active-heading"
      title={t('client.activeTitle')}
      items={items}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      empty={t('client.activeEmpty')}
      testId="dashboard-active-applications"
    />
  );
}

export function ClientDashboard() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="md">
      <ActiveApplications />
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
