import { Alert, Anchor, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Application } from '@mohar/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MessagePage } from '@/components/message-page';
import { StartNotarization } from '@/components/start-notarization';
import { StepUpHostOnDemand } from '@/components/step-up-host-on-demand';
import { paths } from '@/config/paths';
import { ApiError, failureMessage, hasErrorCode } from '@/lib/api-errors';
import { applicationQueryOptions } from '@/lib/application';
import { useCurrentUser } from '@/lib/current-user';
import { remindFromApplication, startFromApplication } from '@/lib/start-notarization-api';
import { useApplicationEvents, useSessionEvents } from '../api/get-application-events';
import { BOOKING_STATUSES } from '../lib/booking-statuses';
import { ApplicationActions } from './application-actions';
import { DocumentSection } from './document-section';
import { FeeSection } from './fee-section';
import { NotarySessionLink } from './notary-session-link';
import { NotarySection, SignatoriesSection } from './people-sections';
import { RecordingSection } from './recording-section';
import { ServerRecordingSection } from './server-recording-section';
import { StatusTimeline } from './status-timeline';
import { MissingSteps, PaymentNote, ViewHeader } from './view-header';

/** The server recording is kept once the act ended (its manifest is stored at the seal or when the session failed). */
const SERVER_RECORDING_STATUSES = new Set(['notarised', 'failed']);
// Forms with their inputs and the contract's zod check: fetched only where they are shown (build-chunks.test.ts).
const BookingSection = lazy(() => import('./booking-section').then((m) => ({ default: m.BookingSection })));
const RatingCard = lazy(() => import('./rating-card').then((m) => ({ default: m.RatingCard })));

/** Clients come from their list; notaries and admins reach an application from their dashboard. */
function useWayBack() {
  const { t } = useTranslation('applications');
  const user = useCurrentUser();
  return user.role === 'client'
    ? { to: paths.applications.list(), label: t('view.backToList') }
    : { to: paths.dashboard(), label: t('view.backToDashboard') };
}

function BackLink() {
  const back = useWayBack();
  return (
    <Anchor component={Link} to={back.to} size="sm" style={{ alignSelf: 'flex-start' }}>
      <Group gap={4} component="span">
        <ArrowLeft size={16} aria-hidden="true" />
        {back.label}
      </Group>
    </Anchor>
  );
}

function ViewSkeleton() {
  const { t } = useTranslation('applications');
  return (
    <Stack gap="md" role="status" aria-label={t('view.loading')} data-testid="application-loading">
      <Skeleton height={40} width="60%" />
      <Skeleton height={20} width="40%" />
      <Skeleton height={140} radius="md" />
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

/** The server answers 404 for an application that does not exist or is not the caller's to see. */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || hasErrorCode(error, 'request.invalid'));

/**
 * /application-view/:id — one application in full for its owner, its notary or an admin. The app layer composes
 * it with other features' parts (the payments panel) through `renderPayment`, so this feature does not import them.
 */
export function ApplicationViewPage(props: { renderPayment?: (application: Application) => ReactNode }) {
  const { t } = useTranslation('applications');
  const { id = '' } = useParams();
  // While signatories prove who they are, their progress shows as it happens (polling until realtime lands).
  const query = useQuery({
    ...applicationQueryOptions(id),
  });
  const events = useApplicationEvents(id);
  // Only applications that reached a notary have a session to tell of.
  const sessionEvents = useSessionEvents(
    id,
    Boolean(events.data?.some((event) => event.toStatus === 'in_session')),
  );
  const back = useWayBack();

  if (query.isPending) {
    return (
      <Stack gap="md">
        <title>{`${t('view.titleFallback')} · Mohar`}</title>
        <BackLink />
        <ViewSkeleton />
      </Stack>
    );
  }

  if (query.isError) {
    if (isMissing(query.error)) {
      return (
        <div data-testid="application-not-found">
          <title>{`${t('view.notFoundTitle')} · Mohar`}</title>
          <MessagePage
            title={t('view.notFoundTitle')}
            body={t('view.notFoundBody')}
            actionLabel={back.label}
            actionTo={back.to}
          />
        </div>
      );
    }
    return (
      <Stack gap="md">
        <title>{`${t('view.titleFallback')} · Mohar`}</title>
        <BackLink />
        <Title order={1}>{t('view.titleFallback')}</Title>
        <Alert color="red" variant="light" role="alert" title={t('view.failed')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failureMessage(query.error, t('view.failed'))}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const application = query.data;
  return (
    <Stack gap="lg" data-testid="application-view" data-status={application.status}>
      <title>{`${application.title ?? t('untitled')} · ${t('title')} · Mohar`}</title>
      <BackLink />
      <ViewHeader application={application} />
      <MissingSteps application={application} />
      <PaymentNote application={application} />
      {(application.viewerRole === 'owner' || application.viewerRole === 'admin') && (
        <StartNotarization
          status={application.status}
          notaryName={application.notaryChoice === 'named' ? (application.notary?.fullName ?? null) : null}
          start={(body) => startFromApplication(application._id, body)}
          remind={() => remindFromApplication(application._id)}
          refresh={() => query.refetch()}
          expiresAt={application.notaryRequestExpiresAt ?? null}
        />
      )}
      {application.viewerRole === 'notary' && application.status === 'in_session' && (
        <NotarySessionLink applicationId={application._id} />
      )}
      <ApplicationActions application={application} />
      {application.viewerRole === 'admin' && <StepUpHostOnDemand />}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <DocumentSection application={application} />
            <SignatoriesSection application={application} />
            <NotarySection application={application} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <Suspense fallback={null}>
              {BOOKING_STATUSES.has(application.status) && <BookingSection application={application} />}
              {application.viewerRole === 'owner' && application.status === 'notarised' && (
                <RatingCard applicationId={application._id} />
              )}
            </Suspense>
            <FeeSection application={application} events={events.data} />
            {props.renderPayment?.(application)}
            <ServerRecordingSection
              applicationId={application._id}
              enabled={
                application.viewerRole !== 'owner' &&
                SERVER_RECORDING_STATUSES.has(application.status) &&
                (sessionEvents.data?.length ?? 0) > 0
              }
              isAdmin={application.viewerRole === 'admin'}
            />
            <RecordingSection
              applicationId={application._id}
              enabled={application.viewerRole !== 'owner' && (sessionEvents.data?.length ?? 0) > 0}
              isAdmin={application.viewerRole === 'admin'}
            />
            <StatusTimeline events={events} sessionEvents={sessionEvents.data ?? []} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
