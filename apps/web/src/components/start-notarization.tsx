import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ApplicationStatus } from '@mohar/contracts';
import { SERVICE_HOURS } from '@mohar/contracts/constants';
import { BellRing, Clock, Users, Video } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { formatTimeLeft, secondsUntil, useCountdownNow } from '@/lib/countdown';
import { formatDateTime } from '@/lib/format';

/** While a request waits, the page reads the application this often (the portal has no live channel). */
const WAITING_REFRESH_MS = 15_000;

export type StartNotarizationProps = {
  status: ApplicationStatus;
  /** The notary named in the wizard; null when it chose "first available". */
  notaryName: string | null;
  /** Asks for a notary; `{ firstAvailable: true }` asks every available notary instead of the named one. */
  start: (body: { firstAvailable?: boolean }) => Promise<{ expiresAt: string }>;
  /** Outside service hours: the participants are told when the service opens. */
  remind: () => Promise<{ message: string }>;
  /** Reads the application again: after a start, while waiting, and when the wait runs out. */
  refresh: () => Promise<unknown>;
  /** Where this viewer joins the live session (a signatory's portal). Without it, `in_session` shows a note. */
  joinHref?: string;
  /** When the open request stops waiting, if the page knows; otherwise the start's own answer is used. */
  expiresAt?: string | null;
};

type Failure = { kind: 'outside_hours' | 'other'; message: string };

function Panel(props: { testId?: string; status: ApplicationStatus; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="start-heading"
      data-testid={props.testId ?? 'start-notarization'}
      data-status={props.status}
    >
      <Stack gap="sm" align="flex-start">
        {props.children}
      </Stack>
    </Paper>
  );
}

/**
 * The way from a `ready` application to the live session, shown to the owner (application view) and to every
 * signatory (portal): Start Notarization, then the wait for a notary with its countdown, then "Join the session".
 * Each page passes its own calls (`start`, `remind`, `refresh`), so this works with a session and with a link.
 */
export function StartNotarization(props: StartNotarizationProps) {
  const { t } = useTranslation();
  const { status, refresh } = props;
  const [pending, setPending] = useState<'named' | 'any' | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [reminder, setReminder] = useState<{
    pending: boolean;
    message: string | null;
    failed: string | null;
  }>({ pending: false, message: null, failed: null });
  const [startedExpiresAt, setStartedExpiresAt] = useState<string | null>(null);
  // Who this page last asked, so "not taken" can name the notary only when it was theirs to take.
  const [lastAsked, setLastAsked] = useState<'named' | 'any' | null>(null);
  // Seen here going from waiting back to ready: the notary declined, or nobody accepted in time.
  const [wasNotAccepted, setWasNotAccepted] = useState(false);
  const previousStatus = useRef(status);
  useEffect(() => {
    if (previousStatus.current === status) return;
    // What the last press said is about the state before.
    setFailure(null);
    if (previousStatus.current === 'waiting_for_notary' && status === 'ready') {
      setWasNotAccepted(true);
      // That request is over; a later one (perhaps started by someone else) has its own expiry.
      setStartedExpiresAt(null);
    }
    previousStatus.current = status;
  }, [status]);
  const expiresAt = props.expiresAt ?? startedExpiresAt;
  const isWaiting = status === 'waiting_for_notary';
  const now = useCountdownNow(isWaiting ? expiresAt : null);
  const secondsLeft = isWaiting && expiresAt ? secondsUntil(expiresAt, now) : null;
  const isTimeUp = isWaiting && secondsLeft === 0;

  // Nothing pushes to the portal: while a request waits, read again now and then, and once when time is up.
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  useEffect(() => {
    if (!isWaiting) return;
    const timer = window.setInterval(() => void refreshRef.current().catch(() => {}), WAITING_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [isWaiting]);
  useEffect(() => {
    if (isTimeUp) void refreshRef.current().catch(() => {});
  }, [isTimeUp]);

  const onStart = async (firstAvailable: boolean) => {
    if (pending) return;
    setPending(firstAvailable ? 'any' : 'named');
    setFailure(null);
    setWasNotAccepted(false);
    setReminder({ pending: false, message: null, failed: null });
    try {
      const started = await props.start(firstAvailable ? { firstAvailable: true } : {});
      setStartedExpiresAt(started.expiresAt);
      setLastAsked(firstAvailable ? 'any' : 'named');
      await refresh().catch(() => {});
    } catch (error) {
      setFailure({
        kind: hasErrorCode(error, 'sessions.outside_hours') ? 'outside_hours' : 'other',
        message: failureMessage(error, t('startNotarization.failed')),
      });
      // A 409 other than the hours usually means the application moved on (someone else started it): show it.
      if (!hasErrorCode(error, 'sessions.outside_hours')) void refresh().catch(() => {});
    } finally {
      setPending(null);
    }
  };

  const onRemind = async () => {
    setReminder({ pending: true, message: null, failed: null });
    try {
      const answer = await props.remind();
      setReminder({ pending: false, message: answer.message, failed: null });
    } catch (error) {
      setReminder({
        pending: false,
        message: null,
        failed: failureMessage(error, t('startNotarization.remindFailed')),
      });
    }
  };

  if (status === 'waiting_for_notary') {
    return (
      <Panel status={status}>
        <Group gap="sm" wrap="nowrap" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Title order={2} size="h4" id="start-heading">
            {t('startNotarization.waitingTitle')}
          </Title>
        </Group>
        <Text>{t('startNotarization.waitingBody')}</Text>
        {expiresAt && secondsLeft !== null && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Clock size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
            <Text style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="start-notarization-countdown">
              {isTimeUp
                ? t('startNotarization.timeUp')
                : t('startNotarization.waitingUntil', {
                    time: formatDateTime(expiresAt),
                    left: formatTimeLeft(t, expiresAt, now),
                  })}
            </Text>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {t('startNotarization.updatesItself')}
        </Text>
      </Panel>
    );
  }

  if (status === 'in_session') {
    return props.joinHref ? (
      <Panel status={status}>
        <Title order={2} size="h4" id="start-heading">
          {t('startNotarization.sessionTitle')}
        </Title>
        <Text>{t('startNotarization.sessionBody')}</Text>
        <Button
          component={Link}
          to={props.joinHref}
          size="lg"
          color="saffron.4"
          autoContrast
          leftSection={<Video size={20} aria-hidden="true" />}
          data-testid="start-notarization-join"
        >
          {t('startNotarization.join')}
        </Button>
      </Panel>
    ) : (
      <Panel status={status}>
        <Group gap="sm" wrap="nowrap">
          <Users size={20} aria-hidden="true" />
          <Title order={2} size="h4" id="start-heading">
            {t('startNotarization.observerTitle')}
          </Title>
        </Group>
        <Text>{t('startNotarization.observerBody')}</Text>
      </Panel>
    );
  }

  if (status !== 'ready') return null;

  return (
    <Panel status={status}>
      <Title order={2} size="h4" id="start-heading">
        {t('startNotarization.title')}
      </Title>
      {wasNotAccepted ? (
        <Alert color="yellow" variant="light" w="100%" data-testid="start-notarization-not-accepted">
          {props.notaryName && lastAsked === 'named'
            ? t('startNotarization.notAcceptedNamed', { name: props.notaryName })
            : t('startNotarization.notAccepted')}
        </Alert>
      ) : (
        <Text>{t('startNotarization.ready')}</Text>
      )}
      <Text>
        {props.notaryName
          ? t('startNotarization.askNamed', { name: props.notaryName })
          : t('startNotarization.askAny')}
      </Text>
      <Group gap="sm">
        <Button
          leftSection={<Video size={18} aria-hidden="true" />}
          loading={pending === 'named'}
          disabled={pending === 'any'}
          onClick={() => void onStart(false)}
          data-testid="start-notarization-button"
        >
          {t('startNotarization.button')}
        </Button>
        {props.notaryName && (
          <Button
            variant="default"
            loading={pending === 'any'}
            disabled={pending === 'named'}
            onClick={() => void onStart(true)}
            data-testid="start-notarization-any"
          >
            {t('startNotarization.anyNotary')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('startNotarization.hours', { opens: SERVICE_HOURS.opensAt, closes: SERVICE_HOURS.closesAt })}
      </Text>
      {failure?.kind === 'outside_hours' && (
        <Alert
          color="blue"
          variant="light"
          w="100%"
          title={t('startNotarization.closedTitle')}
          role="alert"
          data-testid="start-notarization-closed"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failure.message}</Text>
            {reminder.message ? (
              <Text size="sm" fw={600} role="status" data-testid="start-notarization-reminded">
                {reminder.message}
              </Text>
            ) : (
              <Button
                size="sm"
                variant="default"
                leftSection={<BellRing size={16} aria-hidden="true" />}
                loading={reminder.pending}
                onClick={() => void onRemind()}
                data-testid="start-notarization-remind"
              >
                {t('startNotarization.remind')}
              </Button>
            )}
            {reminder.failed && (
              <Text size="sm" c="red.8" role="alert">
                {reminder.failed}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {failure?.kind === 'other' && (
        <Alert color="red" variant="light" w="100%" role="alert" data-testid="start-notarization-failed">
          {failure.message}
        </Alert>
      )}
    </Panel>
  );
}
