import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type NotaryRequest, SESSION_ERROR_CODES } from '@mohar/contracts';
import { Bell, BellOff, Inbox, Volume2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { markCallStep } from '@/lib/call-marks';
import { usePrepareNotaryCall } from '@/lib/prepare-call';
import { isRequestGone, useAcceptNotaryRequest } from '../api/accept-notary-request';
import { useDeclineNotaryRequest } from '../api/decline-notary-request';
import { useNotaryRequests } from '../api/get-notary-requests';
import { useDesktopAlerts } from '../hooks/use-desktop-alerts';
import { useNow } from '../hooks/use-now';
import { useRequestAlerts } from '../hooks/use-request-alerts';
import { playChime } from '../lib/chime';
import { DeclineDialog } from './decline-dialog';
import { OrganisationLinks } from './organisation-links';
import { RequestCard } from './request-card';

/** "Waiting 3 min" ages and the "10:00 left" countdown ticks (each second, as the client's does) while the page is open. */
const CLOCK_MS = 1_000;

/** A notary not (or no longer) verified: nothing is wrong with the page, requests simply open later. */
function AwaitingVerification() {
  const { t } = useTranslation('requests');
  return (
    <Alert
      color="blue"
      variant="light"
      role="status"
      title={t('unverifiedTitle')}
      data-testid="requests-unverified"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('unverifiedBody')}</Text>
        <Anchor component={Link} to={paths.notary.onboarding()} size="sm">
          {t('unverifiedLink')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

function AlertSettings() {
  const { t } = useTranslation('requests');
  const desktop = useDesktopAlerts();
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('alerts.title')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 18rem' }}>
          {desktop.state === 'granted' ? (
            <Bell size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
          ) : (
            <BellOff size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
          )}
          <Text size="sm" data-testid="desktop-alerts-state">
            {t(`alerts.${desktop.state}`)}
          </Text>
        </Group>
        <Group gap="xs">
          {desktop.state === 'default' && (
            <Button size="xs" onClick={() => void desktop.allow()} data-testid="desktop-alerts-allow">
              {t('alerts.allow')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<Volume2 size={14} aria-hidden="true" />}
            onClick={playChime}
          >
            {t('alerts.testSound')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function RequestsSkeleton() {
  const { t } = useTranslation('requests');
  return (
    <Stack gap="sm" role="status" aria-label={t('loading')} data-testid="requests-loading">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={168} radius="md" />
      ))}
    </Stack>
  );
}

function RequestsEmpty() {
  const { t } = useTranslation('requests');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="requests-empty-heading"
      data-testid="requests-empty"
    >
      <Stack gap="sm" align="flex-start" maw={560}>
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
          <Inbox size={26} />
        </ThemeIcon>
        <Title order={2} size="h3" id="requests-empty-heading">
          {t('emptyTitle')}
        </Title>
        <Text>{t('emptyBody')}</Text>
        <Text size="sm" c="dimmed">
          {t('emptyAvailability')}{' '}
          <Anchor component={Link} to={paths.dashboard()} size="sm">
            {t('openDashboard')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /requests — the notary's queue: clients waiting for a notary, oldest first. A request named for this notary is
 * marked "For you"; the others are open to every available notary, and the first to accept gets it. New ones arrive
 * live (with a chime), and the list is read again every 30 s and on focus, so requests taken elsewhere disappear.
 */
export function RequestsPage() {
  const { t } = useTranslation('requests');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const queue = useNotaryRequests();
  const accept = useAcceptNotaryRequest();
  const decline = useDeclineNotaryRequest();
  const prepareCall = usePrepareNotaryCall();
  const [declining, setDeclining] = useState<NotaryRequest | null>(null);
  const now = useNow(CLOCK_MS);
  useRequestAlerts({ title: t('alerts.desktopTitle') });

  const isBusy = accept.isPending || decline.isPending;

  const onAccept = (request: NotaryRequest) => {
    if (isBusy) return;
    markCallStep('accept-clicked');
    prepareCall?.start();
    accept.mutate(request._id, {
      onSuccess: ({ applicationId }) => {
        markCallStep('accept-answered');
        void navigate(paths.session.notary(applicationId));
      },
      onError: (error) => {
        prepareCall?.cancel();
        void showToast({
          color: isRequestGone(error) ? 'yellow' : 'red',
          message: isRequestGone(error) ? t('gone') : failureMessage(error, t('acceptFailed')),
          closeLabel: tCommon('close'),
        });
      },
    });
  };

  const onDecline = (reason: string) => {
    if (!declining) return;
    decline.mutate(
      { id: declining._id, reason },
      {
        onSuccess: () => {
          setDeclining(null);
          void showToast({ message: t('declined'), closeLabel: tCommon('close') });
        },
        onError: (error) => {
          if (!isRequestGone(error)) return;
          setDeclining(null);
          void queue.refetch();
          void showToast({ color: 'yellow', message: t('gone'), closeLabel: tCommon('close') });
        },
      },
    );
  };

  const requests = queue.data?.requests;
  return (
    <Stack gap="lg" maw={860} data-testid="requests-page">
      <title>{`${t('title')} · Mohar`}</title>
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <AlertSettings />
      {queue.isError && !requests && hasErrorCode(queue.error, SESSION_ERROR_CODES.cannotTakeWork) ? (
        <AwaitingVerification />
      ) : queue.isError && !requests ? (
        <Alert color="red" variant="light" role="alert" title={t('failed')} data-testid="requests-failed">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failureMessage(queue.error, t('failed'))}</Text>
            <Button size="xs" variant="default" onClick={() => void queue.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !requests ? (
        <RequestsSkeleton />
      ) : (
        <>
          <VisuallyHidden role="status" data-testid="requests-count">
            {t('count', { count: requests.length })}
          </VisuallyHidden>
          {requests.length === 0 ? (
            <RequestsEmpty />
          ) : (
            <Stack gap="sm" component="section" aria-label={t('count', { count: requests.length })}>
              {requests.map((request) => (
                <RequestCard
                  key={request._id}
                  request={request}
                  now={now}
                  isAccepting={accept.isPending && accept.variables === request._id}
                  isBusy={isBusy}
                  onAccept={() => onAccept(request)}
                  onDecline={() => {
                    decline.reset();
                    setDeclining(request);
                  }}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      <OrganisationLinks />
      <DeclineDialog
        key={declining?._id ?? 'none'}
        opened={declining !== null}
        isForMe={declining?.isForMe ?? false}
        isPending={decline.isPending}
        failure={decline.error ? failureMessage(decline.error, t('declineFailed')) : null}
        onConfirm={onDecline}
        onClose={() => setDeclining(null)}
      />
    </Stack>
  );
}
