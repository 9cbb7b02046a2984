import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useNotaryRequests } from '@/features/notary-requests/api/get-notary-requests';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { useNotaryProfile } from '@/lib/notary-profile';
import { useDashboardApplications } from '../api/get-dashboard';
import { useNotaryBookings } from '../api/get-notary-bookings';
import { useRatingSummary } from '../api/get-rating-summary';
import { notaryNextAction, recentActs } from '../lib/next-action';
import { ApplicationStatusCard } from './application-status-card';
import { AvailabilityCard } from './availability-card';
import { EmptyCard } from './empty-card';
import { WorkList } from './work-list';

/** The requests waiting for this notary now (the Requests page is where they are taken). */
function WaitingRequests() {
  const { t } = useTranslation('dashboard');
  const query = useNotaryRequests();
  const items = query.data?.requests.slice(0, 3).map((request) => ({
    id: request._id,
    title: request.title ?? t('work.untitled'),
    detail: t('notary.requestDetail', { time: formatDateTime(request.createdAt) }),
    actionLabel: t('notary.openRequests'),
    href: paths.requests(),
  }));
  return (
    <WorkList
      id="requests-heading"
      title={t('notary.requestsTitle')}
      items={items}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      empty={t('notary.requestsEmpty')}
      testId="dashboard-requests"
      footer={
        <Button component={Link} to={paths.requests()} variant="default" size="sm">
          {t('notary.openRequests')}
        </Button>
      }
    />
  );
}

/** Today's booked sessions (issue 26), in time order, each with its status. */
function TodaysBookings() {
  const { t } = useTranslation('dashboard');
  const query = useNotaryBookings();
  const items = query.data?.bookings.map((booking) => ({
    id: booking._id,
    title: booking.title ?? t('work.untitled'),
    detail: t('notary.bookingDetail', {
      time: formatDateTime(booking.startsAt),
      status: t(`notary.bookingStatus.${booking.status}`),
    }),
    // The application opens to the notary once the owner starts the session: the request arrives on Requests.
    actionLabel: t('notary.openRequests'),
    href: paths.requests(),
  }));
  return (
    <WorkList
      id="bookings-heading"
      title={t('notary.bookingsTitle')}
      items={items}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      empty={t('notary.bookingsEmpty')}
      testId="dashboard-bookings"
    />
  );
}

/** The notary's acts, newest first: a live one to go back into, finished ones with their download. */
function RecentActs() {
  const { t } = useTranslation('dashboard');
  const query = useDashboardApplications();
  const items = query.data
    ? recentActs(query.data.applications).map((item) => {
        const action = notaryNextAction(item);
        return {
          id: item._id,
          title: item.title ?? t('work.untitled'),
          detail: t(`notary.act.${item.status === 'in_session' ? 'live' : 'notarised'}`, {
            time: formatDateTime(item.updatedAt),
          }),
          actionLabel: t(`notary.act.${action.key}`),
          href: action.href,
        };
      })
    : undefined;
  return (
    <WorkList
      id="acts-heading"
      title={t('notary.actsTitle')}
      items={items}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      empty={t('notary.actsEmpty')}
      testId="dashboard-acts"
    />
  );
}

/** The clients' ratings of the notary's completed sessions: the average and how many (decision 0065). */
function RatingSummary() {
  const { t } = useTranslation('dashboard');
  const query = useRatingSummary();
  // Nothing while it loads or when it fails: the line is a courtesy, not work to do.
  if (!query.data) return null;
  const { average, count } = query.data;
  return (
    <EmptyCard
      id="ratings-heading"
      title={t('notary.ratingsTitle')}
      body={
        <span data-testid="dashboard-rating-summary">
          {average === null ? t('notary.ratingsNone') : t('notary.ratingsAverage', { average, count })}
        </span>
      }
    />
  );
}

/** The notary's dashboard: where the application stands; once verified, availability, requests and the register. */
export function NotaryDashboard() {
  const { t } = useTranslation('dashboard');
  const profile = useNotaryProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('notary.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failureMessage(profile.error, t('notary.loadFailed'))}</Text>
          <Button size="xs" variant="default" onClick={() => void profile.refetch()}>
            {t('notary.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const notary = profile.data;
  const isVerified = notary.status === 'verified';
  return (
    <Stack gap="md">
      {isVerified && <AvailabilityCard profile={notary} />}
      <ApplicationStatusCard profile={notary} />
      {isVerified && <TodaysBookings />}
      {isVerified && <WaitingRequests />}
      {isVerified && <RecentActs />}
      {isVerified && <RatingSummary />}
      {isVerified && (
        <EmptyCard
          id="register-heading"
          title={t('notary.registerTitle')}
          body={t('notary.registerBody')}
          action={
            <Button component={Link} to={paths.notary.register()} variant="default">
              {t('notary.registerButton')}
            </Button>
          }
        />
      )}
    </Stack>
  );
}
