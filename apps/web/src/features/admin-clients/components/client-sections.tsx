import { Group, Stack, Text } from '@mantine/core';
import type { AdminClientDetail } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { RecentApplications } from '@/components/application/recent-applications';
import { DefinitionGrid } from '@/components/definition-grid';
import classes from '@/components/list-styles.module.css';
import { TitledSection } from '@/components/titled-section';
import { formatCardDate, formatDateTime, formatInr } from '@/lib/format';
import { noticeSentence } from '@/lib/notice-text';
import { ClientStateBadges } from './client-state-badges';

export function ProfileSection({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  const { client } = detail;
  const rows: Array<[string, string]> = [
    [t('profile.email'), client.email],
    [t('profile.mobile'), client.mobile],
    [t('profile.joined'), formatCardDate(client.createdAt)],
    [
      t('profile.suspendedAt'),
      client.suspendedAt ? formatDateTime(client.suspendedAt) : t('profile.notSuspended'),
    ],
  ];
  return (
    <TitledSection
      id="client-profile"
      title={t('profile.title')}
      aside={<ClientStateBadges client={client} />}
    >
      <DefinitionGrid rows={rows} />
    </TitledSection>
  );
}

export function ApplicationsSection({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  const { items, total } = detail.applications;
  return (
    <TitledSection
      id="client-applications"
      title={t('applications.title', { count: total })}
      empty={items.length === 0 && t('applications.empty')}
    >
      <RecentApplications
        items={items}
        total={total}
        untitled={t('applications.untitled')}
        more={(count) => t('applications.more', { count })}
      />
    </TitledSection>
  );
}

export function WalletSection({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  const { balancePaise, transactions, total } = detail.wallet;
  return (
    <TitledSection
      id="client-wallet"
      title={t('wallet.title')}
      aside={
        <Text fw={600} className={classes.tabular}>
          {t('wallet.balance', { amount: formatInr(balancePaise) })}
        </Text>
      }
      empty={transactions.length === 0 && t('wallet.empty')}
    >
      <Stack component="ul" gap="xs" className={classes.plainList} aria-label={t('wallet.ledger')}>
        {transactions.map((entry) => (
          <li key={entry._id}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={0}>
                <Text size="sm">{entry.description}</Text>
                <Text size="xs" c="dimmed">
                  {t(`wallet.type.${entry.type}`)} · {formatDateTime(entry.createdAt)}
                </Text>
              </Stack>
              <Text size="sm" fw={600} className={classes.tabular}>
                {entry.amountPaise > 0 ? '+' : ''}
                {formatInr(entry.amountPaise)}
              </Text>
            </Group>
          </li>
        ))}
      </Stack>
      {total > transactions.length && (
        <Text size="sm">{t('wallet.more', { count: total - transactions.length })}</Text>
      )}
    </TitledSection>
  );
}

export function SessionsSection({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  return (
    <TitledSection
      id="client-sessions"
      title={t('sessions.title', { count: detail.sessions.length })}
      empty={detail.sessions.length === 0 && t('sessions.empty')}
    >
      <Stack component="ul" gap="xs" className={classes.plainList}>
        {detail.sessions.map((session) => (
          <li key={session._id} data-testid="client-session">
            <Text size="sm" className={classes.breakAnywhere}>
              {session.userAgent ?? t('sessions.unknownDevice')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('sessions.detail', {
                ip: session.ipAddress ?? '—',
                lastSeen: formatDateTime(session.lastSeenAt),
                since: formatDateTime(session.createdAt),
              })}
            </Text>
          </li>
        ))}
      </Stack>
    </TitledSection>
  );
}

/** What the client was told in their feed (and by e-mail when it mattered), worded as in the reader's language. */
export function NotificationsSection({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  const { t: tNotifications } = useTranslation('notifications');
  const { items, total } = detail.notifications;
  return (
    <TitledSection
      id="client-notifications"
      title={t('notifications.title', { count: total })}
      empty={items.length === 0 && t('notifications.empty')}
    >
      <Stack component="ul" gap="xs" className={classes.plainList}>
        {items.map((notification) => (
          <li key={notification._id} data-testid="client-notification">
            <Text size="sm">{noticeSentence(tNotifications, notification)}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(notification.createdAt)} ·{' '}
              {notification.readAt
                ? t('notifications.read', { at: formatDateTime(notification.readAt) })
                : t('notifications.unread')}
            </Text>
          </li>
        ))}
      </Stack>
      {total > items.length ? (
        <Text size="xs" c="dimmed">
          {t('notifications.more', { count: total - items.length })}
        </Text>
      ) : null}
    </TitledSection>
  );
}

export function AuditSection({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  return (
    <TitledSection
      id="client-audit"
      title={t('audit.title')}
      empty={detail.events.length === 0 && t('audit.empty')}
    >
      <Stack component="ul" gap="xs" className={classes.plainList}>
        {detail.events.map((event) => (
          <li key={event._id} data-testid="client-audit-event">
            <Text size="sm">{t(`audit.action.${event.action}`, { actor: event.actorName })}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(event.createdAt)}
              {event.reason ? ` · ${t('audit.reason', { reason: event.reason })}` : ''}
            </Text>
          </li>
        ))}
      </Stack>
    </TitledSection>
  );
}
