import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AdminDashboard as Counts } from '@mohar/contracts';
import {
  type AdminDashboardQueue,
  adminDashboardQueues,
  mayUseAdminArea,
} from '@mohar/contracts/admin-access';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionPanel } from '@/components/section-panel';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user';
import { formatInr } from '@/lib/format';
import { useAdminDashboard } from '../api/get-dashboard';

type Tile = {
  key: AdminDashboardQueue;
  /** The screen of the queue; the filters come from `adminDashboardQueues`, the same the count was read with. */
  href: (query: Readonly<Record<string, string>>) => string;
  /** Counts that need someone now are shown in colour when not zero. */
  isAlarm: (counts: Counts) => boolean;
};

const withQuery = (path: string, query: Readonly<Record<string, string>>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

const TILES: Tile[] = [
  {
    key: 'notariesWaiting',
    href: (query) => withQuery(paths.admin.notaries(), query),
    isAlarm: (c) => c.notariesWaiting > 0,
  },
  {
    key: 'refundsDue',
    href: (query) => withQuery(paths.admin.refunds(), query),
    isAlarm: (c) => c.refundsOverdue > 0,
  },
  {
    key: 'ticketsOpen',
    href: (query) => withQuery(paths.admin.support(), query),
    isAlarm: (c) => c.ticketsLate > 0,
  },
  { key: 'sessionsLive', href: () => paths.admin.sessions(), isAlarm: () => false },
  {
    key: 'sealsFailed',
    href: () => paths.admin.sessions({ section: 'failedSeals' }),
    isAlarm: (c) => c.sealsFailed > 0,
  },
  { key: 'applicationsToday', href: (query) => paths.admin.applications(query), isAlarm: () => false },
  { key: 'revenueTodayPaise', href: (query) => paths.admin.applications(query), isAlarm: () => false },
  { key: 'actsCompletedToday', href: (query) => paths.admin.applications(query), isAlarm: () => false },
];

/** One live count and the way to its queue. */
function CountTile(props: { tile: Tile; counts: Counts }) {
  const { t } = useTranslation('dashboard');
  const { tile, counts } = props;
  const value = counts[tile.key];
  const queue = adminDashboardQueues(counts.today)[tile.key];
  const isAlarm = tile.isAlarm(counts);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`admin-count-${tile.key}`}
      data-count={value}
      style={isAlarm ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
    >
      <Stack gap={4} align="flex-start">
        <Text size="sm" c="dimmed">
          {t(`admin.counts.${tile.key}.label`)}
        </Text>
        {/* A figure, not a heading: a large bold <p> reads as one (axe's p-as-heading). The theme's error colour
            meets WCAG AA in both colour modes. */}
        <Text
          component="div"
          fz={32}
          fw={700}
          lh={1.1}
          c={isAlarm ? 'var(--mantine-color-error)' : undefined}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {tile.key === 'revenueTodayPaise' ? formatInr(value) : value}
        </Text>
        <Text size="sm">
          {tile.key === 'refundsDue'
            ? t('admin.counts.refundsDue.detail', { count: counts.refundsOverdue })
            : tile.key === 'ticketsOpen'
              ? t('admin.counts.ticketsOpen.detail', { count: counts.ticketsLate })
              : tile.key === 'revenueTodayPaise'
                ? t('admin.counts.revenueTodayPaise.detail')
                : t(`admin.counts.${tile.key}.detail`, { count: value })}
        </Text>
        <Button component={Link} to={tile.href(queue.query)} size="xs" variant="default">
          {t(`admin.counts.${tile.key}.open`)}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The admin's live counts, each leading to its queue; then support. */
export function AdminDashboard() {
  const { t } = useTranslation('dashboard');
  const query = useAdminDashboard();
  const { adminRoles } = useCurrentUser();
  const tiles = TILES.filter((tile) => mayUseAdminArea(adminRoles, adminDashboardQueues('')[tile.key].area));
  return (
    <Stack gap="md">
      <SectionPanel labelledBy="now-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="now-heading">
            {t('admin.nowTitle')}
          </Title>
          {query.data ? (
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" data-testid="admin-counts">
              {tiles.map((tile) => (
                <CountTile key={tile.key} tile={tile} counts={query.data} />
              ))}
            </SimpleGrid>
          ) : query.isError ? (
            <Alert color="gray" variant="light" role="status">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('work.loadFailed')}</Text>
                <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                  {t('work.retry')}
                </Button>
              </Group>
            </Alert>
          ) : (
            <SimpleGrid
              cols={{ base: 1, xs: 2, lg: 4 }}
              spacing="sm"
              role="status"
              aria-label={t('work.loading')}
            >
              {tiles.map((tile) => (
                <Skeleton key={tile.key} height={140} radius="md" />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </SectionPanel>
      {mayUseAdminArea(adminRoles, 'support') && (
        <SectionPanel labelledBy="support-heading">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h3" id="support-heading">
              {t('admin.supportTitle')}
            </Title>
            <Text>{t('admin.supportBody')}</Text>
            <Button component={Link} to={paths.admin.support()} variant="default">
              {t('admin.supportButton')}
            </Button>
          </Stack>
        </SectionPanel>
      )}
    </Stack>
  );
}
