import type { NotificationData } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@mohar/contracts/constants';
import { type ComponentType, useEffect, useState } from 'react';
import classes from './toast-host.module.css';

type Host = ComponentType<{ position: 'top-right'; autoClose: number; classNames: { root?: string } }>;

let mountHost: ((host: Host) => void) | null = null;

/** Fetched with the first toast: most visits never show one, so the landing page does not pay for it. */
const loadToasts = () => import('@mantine/notifications');

/**
 * Where toasts appear (spec: top-right, closing after 5000 ms), below the app's fixed header. Renders nothing until the first `showToast`;
 * toasts raised before it mounts wait in Mantine's store and appear with it.
 */
export function ToastHost() {
  const [Host, setHost] = useState<Host | null>(null);
  useEffect(() => {
    mountHost = (host) => setHost(() => host);
    return () => {
      mountHost = null;
    };
  }, []);
  return Host ? (
    <Host position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} classNames={{ root: classes.toasts }} />
  ) : null;
}

export async function showToast(data: NotificationData & { closeLabel: string }): Promise<void> {
  const { closeLabel, ...notification } = data;
  const module = await loadToasts();
  mountHost?.(module.Notifications);
  // Mantine's close button has no accessible name of its own.
  module.notifications.show({ ...notification, closeButtonProps: { 'aria-label': closeLabel } });
}
