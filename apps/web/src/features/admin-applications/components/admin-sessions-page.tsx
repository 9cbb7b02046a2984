import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FailedSeal, LiveSession } from '@mohar/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import classes from '@/components/list-styles.module.css';
import { PageHeading } from '@/components/page-heading';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { SectionPanel } from '@/components/section-panel';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { useFailedSeals, useLiveSessions, useRetrySeal } from '../api/get-operations';
import { RecordingBadge, SealBadge } from './session-badges';

/** Whole minutes since `since`, ticking once a minute while shown. */
function useMinutesSince(since: string) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
}

function SessionCard({ session }: { session: LiveSession }) {
  const { t } = useTranslation('admin-applications');
  const minutes = useMinutesSince(session.startedAt);
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="live-session">
      <Stack gap={6}>
        <Anchor component={Link} to={paths.admin.application(session.applicationId)} fw={600}>
          {session.title ?? t('list.untitled')}
        </Anchor>
        <Text size="sm">{t('sessions.notary', { name: session.notary?.name ?? t('list.noNotary') })}</Text>
        <Text size="sm" data-testid="live-session-present">
          {t('sessions.present')}:{' '}
          {session.present.length > 0
            ? session.present.map((p) => `${p.name} (${t(`sessions.roles.${p.role}`)})`).join(', ')
            : t('sessions.nobody')}{' '}
          {t('sessions.ofSignatories', { count: session.signatoryCount })}
        </Text>
        <Group gap={6}>
          <RecordingBadge state={session.recording.state} />
          {session.seal && <SealBadge status={session.seal.status} />}
        </Group>
        <Text size="sm" c="dimmed" className={classes.tabular}>
          {t('sessions.since', { date: formatDateTime(session.startedAt), count: minutes })}
        </Text>
      </Stack>
    </Paper>
  );
}

function LiveSessions() {
  const { t } = useTranslation('admin-applications');
  const query = useLiveSessions();
  if (query.isPending) return <LoadingStatus label={t('sessions.loading')} />;
  if (query.isError)
    return (
      <LoadFailure
        title={t('sessions.failed')}
        message={failureMessage(query.error, t('sessions.failed'))}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.sessions.length === 0)
    return (
      <Text data-testid="live-sessions-empty" size="sm">
        {t('sessions.empty')}
      </Text>
    );
  return (
    <Stack component="ul" gap="sm" className={classes.plainList}>
      {query.data.sessions.map((session) => (
        <SessionCard key={session.applicationId} session={session} />
      ))}
    </Stack>
  );
}

function FailedSeals() {
  const { t } = useTranslation('admin-applications');
  const { t: tCommon } = useTranslation();
  const query = useFailedSeals();
  const retry = useRetrySeal();
  const [asked, setAsked] = useState<FailedSeal | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setAsked(null);
    setFailure(null);
  };
  const confirm = () => {
    if (!asked) return;
    retry.mutate(asked.applicationId, {
      onSuccess: (answer) => {
        close();
        void showToast({
          color: answer.outcome === 'failed' ? 'red' : 'green',
          message: t(`seals.outcomes.${answer.outcome}`),
          closeLabel: tCommon('close'),
        });
      },
      onError: (error) => setFailure(failureMessage(error, t('seals.retryFailed'))),
    });
  };
  if (query.isPending) return <LoadingStatus label={t('seals.loading')} />;
  if (query.isError)
    return (
      <LoadFailure
        title={t('seals.failed')}
        message={failureMessage(query.error, t('seals.failed'))}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <>
      {query.data.seals.length === 0 ? (
        <Text data-testid="failed-seals-empty" size="sm">
          {t('seals.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" className={classes.plainList}>
          {query.data.seals.map((seal) => (
            <Paper
              key={seal.applicationId}
              component="li"
              withBorder
              radius="md"
              p="md"
              data-testid="failed-seal"
              style={{ borderColor: 'var(--mantine-color-red-7)' }}
            >
              <Stack gap={6}>
                <Anchor component={Link} to={paths.admin.application(seal.applicationId)} fw={600}>
                  {seal.title ?? t('list.untitled')}
                </Anchor>
                <Text size="sm">
                  {t('sessions.notary', { name: seal.notary?.name ?? t('list.noNotary') })}
                </Text>
                <Text size="sm" className={classes.breakAnywhere}>
                  {t('seals.error', { error: seal.lastError ?? '' })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('seals.attempts', { count: seal.attempts })} · {formatDateTime(seal.failedAt)}
                </Text>
                <Group>
                  <Button
                    size="xs"
                    onClick={() => {
                      setFailure(null);
                      setAsked(seal);
                    }}
                    data-testid="failed-seal-retry"
                  >
                    {t('seals.retry')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={t('seals.confirmTitle')}
        body={t('seals.confirmBody', { title: asked?.title ?? t('list.untitled') })}
        confirmLabel={t('seals.retry')}
        cancelLabel={t('seals.cancel')}
        closeLabel={tCommon('close')}
        isPending={retry.isPending}
        isLocked={retry.isPending}
        failure={failure}
        confirmTestId="failed-seal-retry-confirm"
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}

/** /admin/sessions — the sessions live now and the seals that failed (support), read again every few seconds. */
export function AdminSessionsPage() {
  const { t } = useTranslation('admin-applications');
  useEffect(() => {
    if (window.location.hash === '#failed-seals') document.getElementById('failed-seals')?.scrollIntoView();
  }, []);
  return (
    <Stack gap="lg">
      <title>{`${t('sessions.title')} · Mohar`}</title>
      <PageHeading title={t('sessions.title')} intro={t('sessions.intro')} />
      <SectionPanel labelledBy="live-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="live-heading">
            {t('sessions.liveTitle')}
          </Title>
          <LiveSessions />
        </Stack>
      </SectionPanel>
      <div id="failed-seals">
        <SectionPanel labelledBy="failed-seals-heading">
          <Stack gap="sm">
            <Title order={2} size="h3" id="failed-seals-heading">
              {t('seals.title')}
            </Title>
            <Text size="sm">{t('seals.intro')}</Text>
            <FailedSeals />
          </Stack>
        </SectionPanel>
      </div>
    </Stack>
  );
}
