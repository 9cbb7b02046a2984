import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { AdminClientDetail } from '@mohar/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApplicationStatusBadge } from '@/components/application/application-status-badge';
import { DefinitionGrid } from '@/components/definition-grid';
import classes from '@/components/list-styles.module.css';
import { SectionPanel } from '@/components/section-panel';
import { paths } from '@/config/paths';
import { formatCardDate, formatDateTime, formatInr } from '@/lib/format';
import { ClientStateBadges } from './client-state-badges';

/** A titled panel of the client's page; `empty` is said when there is nothing to list. */
function Section(props: {
  id: string;
  title: string;
  aside?: ReactNode;
  empty?: string | false;
  children?: ReactNode;
}) {
  return (
    <SectionPanel labelledBy={props.id} testId={props.id} p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={props.id}>
            {props.title}
          </Title>
          {props.aside}
        </Group>
        {props.empty ? <Text size="sm">{props.empty}</Text> : props.children}
      </Stack>
    </SectionPanel>
  );
}

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
    <Section id="client-profile" title={t('profile.title')} aside={<ClientStateBadges client={client} />}>
      <DefinitionGrid rows={rows} />
    </Section>
  );
}

export function ApplicationsSection({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  const { items, total } = detail.applications;
  return (
    <Section
      id="client-applications"
      title={t('applications.title', { count: total })}
      empty={items.length === 0 && t('applications.empty')}
    >
      <Stack component="ul" gap="xs" className={classes.plainList}>
        {items.map((application) => (
          <li key={application._id}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={0}>
                <Anchor component={Link} to={paths.applications.view(application._id)} fw={600}>
                  {application.title || t('applications.untitled')}
                </Anchor>
                <Text size="xs" c="dimmed" className={classes.tabular}>
                  {formatCardDate(application.createdAt)} · {formatInr(application.totalPaise)}
                </Text>
              </Stack>
              <ApplicationStatusBadge status={application.status} />
            </Group>
          </li>
        ))}
      </Stack>
      {total > items.length && (
        <Text size="sm">{t('applications.more', { count: total - items.length })}</Text>
      )}
    </Section>
  );
}

export function WalletSection({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  const { balancePaise, transactions, total } = detail.wallet;
  return (
    <Section
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
    </Section>
  );
}

export function SessionsSection({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  return (
    <Section
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
    </Section>
  );
}

export function AuditSection({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  return (
    <Section
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
    </Section>
  );
}
