import { ActionIcon, type ActionIconProps, Indicator } from '@mantine/core';
import { Bell } from 'lucide-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { useNotificationsFeed } from '../api/notifications';

type BellButtonProps = ActionIconProps & ComponentPropsWithRef<'button'> & { unread: number };

/** The bell with the unread count on it; also the feed's Popover target once the feed has loaded. */
export function BellButton({ unread, ...others }: BellButtonProps) {
  const { t } = useTranslation('notifications');
  // The count sits on the button; the button itself is the popover's target (it gets aria-expanded).
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      disabled={unread === 0}
      offset={4}
      color="red"
      data-testid="notification-count"
      data-count={unread}
    >
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}
        data-testid="notification-bell"
        {...others}
      >
        <Bell size={20} />
      </ActionIcon>
    </Indicator>
  );
}

const loadFeed = onDemand(() => import('./notification-feed-popover').then((m) => m.NotificationFeedPopover));

/**
 * The bell in the app header: the unread count, and on click a dropdown of the latest news. The dropdown's code
 * (Mantine's Popover and ScrollArea) loads on the first click, not with every signed-in screen.
 */
export function NotificationBell() {
  const feed = useNotificationsFeed();
  const { Loaded, open, prefetch } = useOnDemand(loadFeed);
  if (Loaded) return <Loaded />;
  return (
    <BellButton
      unread={feed.data?.unreadCount ?? 0}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
    />
  );
}
