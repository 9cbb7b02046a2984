import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ApplicationEvent, SessionTimelineEvent } from '@mohar/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/lib/api-errors';
import { formatNotificationDate } from '@/lib/format';
import { statusReasonText } from '@/lib/status-reason';
import { actorRoleOf } from '../lib/application-view';
import classes from './applications.module.css';
import { ViewSection } from './view-section';

function EventItem({ event }: { event: ApplicationEvent }) {
  const { t } = useTranslation('applications');
  const role = actorRoleOf(event.actorRole);
  const reason = statusReasonText(event, t);
  const actor = event.actorName
    ? role
      ? t('timeline.byWithRole', { name: event.actorName, role: t(`timeline.roles.${role}`) })
      : t('timeline.by', { name: event.actorName })
    : role
      ? t('timeline.byRole', { role: t(`timeline.roles.${role}`) })
      : null;
  return (
    <li className={classes.timelineItem} data-testid="timeline-event" data-status={event.toStatus}>
      <span className={classes.timelineDot} aria-hidden="true" />
      <Stack gap={2}>
        <Text fw={600}>{t(`status.${event.toStatus}`)}</Text>
        <Text size="sm" c="dimmed">
          {event.fromStatus
            ? t('timeline.from', { status: t(`status.${event.fromStatus}`) })
            : t('timeline.created')}
          {actor ? ` · ${actor}` : ''}
        </Text>
        {reason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {t('timeline.reason', { reason })}
          </Text>
        )}
        <Text size="xs" c="dimmed" className={classes.numeric}>
          <time dateTime={event.createdAt}>{`${formatNotificationDate(event.createdAt)} IST`}</time>
        </Text>
      </Stack>
    </li>
  );
}

function SessionItem({ event }: { event: SessionTimelineEvent }) {
  const { t } = useTranslation('applications');
  return (
    <li className={classes.timelineItem} data-testid="timeline-session-event" data-kind={event.kind}>
      <span className={classes.timelineDot} data-session aria-hidden="true" />
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {t(`timeline.session.${event.kind}`, {
            actor: event.actorName ?? t('timeline.roles.system'),
            subject: event.subjectName ?? '',
          })}
        </Text>
        {event.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {t('timeline.note', { note: event.note })}
          </Text>
        )}
        <Text size="xs" c="dimmed" className={classes.numeric}>
          <time dateTime={event.createdAt}>{`${formatNotificationDate(event.createdAt)} IST`}</time>
        </Text>
      </Stack>
    </li>
  );
}

type Entry =
  | { kind: 'status'; at: string; event: ApplicationEvent }
  | { kind: 'session'; at: string; event: SessionTimelineEvent };

/** Status changes and the live session's events in one list, oldest first. */
export function mergeTimeline(status: ApplicationEvent[], session: SessionTimelineEvent[]): Entry[] {
  return [
    ...status.map((event) => ({ kind: 'status' as const, at: event.createdAt, event })),
    ...session.map((event) => ({ kind: 'session' as const, at: event.createdAt, event })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Every status change, oldest first: what it became, from what, who did it, why and when (IST); between them, what
 * happened in the live session (joins, identity decisions, the recording, the end).
 */
export function StatusTimeline({
  events,
  sessionEvents = [],
}: {
  events: UseQueryResult<ApplicationEvent[]>;
  sessionEvents?: SessionTimelineEvent[];
}) {
  const { t } = useTranslation('applications');
  return (
    <ViewSection id="timeline" title={t('timeline.title')} testId="application-timeline">
      {events.isPending ? (
        <Stack gap="sm" role="status" aria-label={t('timeline.loading')}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ) : events.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('timeline.failed')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failureMessage(events.error, t('timeline.failed'))}</Text>
            <Button size="xs" variant="default" onClick={() => void events.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : events.data.length === 0 ? (
        <Text size="sm">{t('timeline.empty')}</Text>
      ) : (
        <ol className={classes.timeline} aria-label={t('timeline.title')}>
          {mergeTimeline(events.data, sessionEvents).map((entry) =>
            entry.kind === 'status' ? (
              <EventItem key={entry.event._id} event={entry.event} />
            ) : (
              <SessionItem key={entry.event._id} event={entry.event} />
            ),
          )}
        </ol>
      )}
    </ViewSection>
  );
}
