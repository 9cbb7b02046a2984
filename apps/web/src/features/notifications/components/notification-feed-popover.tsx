import {
  Anchor,
  Button,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { formatNotificationDate } from '@/lib/format';
import { noticeSentence } from '@/lib/notice-text';
import { useMarkNotificationsRead, useNotificationsFeed } from '../api/notifications';
import { applicationIdOf, collapseByApplication, type FeedEntry } from '../lib/feed';
import { BellButton } from './notification-bell';
import classes from './notifications.module.css';

function Entry(props: { entry: FeedEntry; onOpen: (entry: FeedEntry) => void }) {
  const { t } = useTranslation('notifications');
  const { entry } = props;
  return (
    <UnstyledButton
      className={classes.entry}
      data-unread={entry.isUnread}
      data-testid="notification-entry"
      onClick={() => props.onOpen(entry)}
    >
      <Stack gap={2}>
        <Text size="sm" fw={entry.isUnread ? 600 : 400} className={classes.wrap}>
          {noticeSentence(t, entry)}
        </Text>
        <Group gap="xs">
          <Text size="xs" c="dimmed" className={classes.numeric}>
            {formatNotificationDate(entry.createdAt)}
          </Text>
          {entry.count > 1 && (
            <Text size="xs" c="dimmed">
              {t('moreAbout', { count: entry.count - 1 })}
            </Text>
          )}
          {entry.isUnread && (
            <>
              <span className={classes.unreadDot} aria-hidden="true" />
              <VisuallyHidden>{t('unread')}</VisuallyHidden>
            </>
          )}
        </Group>
      </Stack>
    </UnstyledButton>
  );
}

/**
 * The bell's dropdown of the latest news, one entry per application, loaded on the bell's first click
 * (notification-bell.tsx) and shown open at once. Opening an entry marks it read and goes to its application. Its
 * trigger is a new button: focus moves to it before the dropdown opens, as after a click on it.
 */
export function NotificationFeedPopover() {
  const { t } = useTranslation('notifications');
  const feed = useNotificationsFeed();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    target.current?.focus();
    setIsOpen(true);
  }, []);
  const unread = feed.data?.unreadCount ?? 0;
  const entries = collapseByApplication(feed.data?.notifications ?? []);

  const open = (entry: FeedEntry) => {
    setIsOpen(false);
    if (entry.isUnread) markRead.mutate({ ids: entry.ids.slice(0, 100) });
    const applicationId = applicationIdOf(entry);
    if (applicationId) void navigate(paths.applications.view(applicationId));
  };

  return (
    <Popover opened={isOpen} onChange={setIsOpen} position="bottom-end" width={360} shadow="md" withinPortal>
      <Popover.Target>
        <BellButton ref={target} unread={unread} onClick={() => setIsOpen((value) => !value)} />
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="notification-feed">
        <Group justify="space-between" px="md" py="xs" className={classes.feedHeader}>
          <Text fw={600} size="sm">
            {t('title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
            data-testid="notifications-read-all"
          >
            {t('markAllRead')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={420}>
          {entries.length === 0 ? (
            <Text size="sm" c="dimmed" px="md" py="lg" ta="center" data-testid="notifications-empty">
              {feed.isLoading ? t('loading') : t('empty')}
            </Text>
          ) : (
            <Stack gap={0}>
              {entries.map((entry) => (
                <Entry key={entry._id} entry={entry} onOpen={open} />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Group justify="center" py="xs" className={classes.feedFooter}>
          <Anchor component={Link} to={paths.notifications()} size="sm" onClick={() => setIsOpen(false)}>
            {t('seeAll')}
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
