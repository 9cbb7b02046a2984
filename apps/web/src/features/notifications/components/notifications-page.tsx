import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Notification } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { paths } from '@/config/paths';
import { formatNotificationDate } from '@/lib/format';
import { noticeSentence } from '@/lib/notice-text';
import { useMarkNotificationsRead, useNotificationsPage } from '../api/notifications';
import { applicationIdOf } from '../lib/feed';
import classes from './notifications.module.css';

function Row(props: { notification: Notification; onRead: (id: string) => void }) {
  const { t } = useTranslation('notifications');
  const { notification } = props;
  const applicationId = applicationIdOf(notification);
  const isUnread = notification.readAt === null;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      className={classes.entry}
      data-unread={isUnread}
      data-testid="notification-row"
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={isUnread ? 600 : 400} className={classes.wrap}>
            {noticeSentence(t, notification)}
          </Text>
          <Text size="xs" c="dimmed" className={classes.numeric}>
            {formatNotificationDate(notification.createdAt)}
          </Text>
        </Stack>
        <Group gap="xs">
          {applicationId && (
            <Anchor
              component={Link}
              to={paths.applications.view(applicationId)}
              size="sm"
              onClick={() => isUnread && props.onRead(notification._id)}
            >
              {t('open')}
            </Anchor>
          )}
          {isUnread && (
            <Button size="compact-xs" variant="subtle" onClick={() => props.onRead(notification._id)}>
              {t('markRead')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** /notifications — every notification, newest first, a page at a time; mark one or all read. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const list = useNotificationsPage(page);
  const markRead = useMarkNotificationsRead();
  const data = list.data;

  return (
    <Stack gap="lg" maw={760} data-testid="notifications-page">
      <title>{`${t('title')} · Mohar`}</title>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Button
          variant="light"
          disabled={!data || data.unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('markAllRead')}
        </Button>
      </Group>
      {list.isError ? (
        <Alert color="red" title={t('failed')}>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : !data ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
          {[1, 2, 3].map((key) => (
            <Skeleton key={key} height={64} radius="md" />
          ))}
        </Stack>
      ) : data.total === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center" data-testid="notifications-empty">
          <Text fw={600}>{t('emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('emptyBody')}
          </Text>
        </Paper>
      ) : (
        <PagedList
          count={t('count', { count: data.total, unread: data.unreadCount })}
          countTestId="notifications-count"
          isLoadingNext={list.isPlaceholderData}
          page={data.page}
          totalPages={data.totalPages}
          onPage={(next) =>
            setSearchParams(next > 1 ? { page: String(next) } : {}, { preventScrollReset: false })
          }
          pagesLabel={t('pages')}
        >
          <Stack gap="xs">
            {data.notifications.map((notification) => (
              <Row
                key={notification._id}
                notification={notification}
                onRead={(id) => markRead.mutate({ ids: [id] })}
              />
            ))}
          </Stack>
        </PagedList>
      )}
    </Stack>
  );
}
