import { Anchor, Group, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminNotaryPayouts, AdminNotaryRating, PayoutAct } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecentApplications } from '@/components/application/recent-applications';
import classes from '@/components/list-styles.module.css';
import { RegisterEntries } from '@/components/notary/register-entries';
import { Pager } from '@/components/pager';
import { paths } from '@/config/paths';
import { formatCalendarDate, formatCalendarMonth, formatDateTime, formatInr } from '@/lib/format';
import { useNotaryActs } from '../api/get-notary-acts';
import { useNotaryAvailability } from '../api/get-notary-availability';
import { useNotaryPayouts } from '../api/get-notary-payouts';
import { useNotaryRatings } from '../api/get-notary-ratings';
import { useNotaryRegister } from '../api/get-notary-register';
import { RecordSection } from './record-section';

function ActsSection({ id }: { id: string }) {
  const { t } = useTranslation('admin-notary-record');
  return (
    <RecordSection
      id="notary-acts"
      title={t('acts.title')}
      query={useNotaryActs(id)}
      isEmpty={(data) => data.items.length === 0}
      empty={t('acts.empty')}
      aside={(data) => <Text size="sm">{t('acts.total', { count: data.total })}</Text>}
    >
      {(data) => (
        <RecentApplications
          items={data.items}
          total={data.total}
          untitled={t('acts.untitled')}
          more={(count) => t('acts.more', { count })}
        />
      )}
    </RecordSection>
  );
}

function AvailabilitySection({ id }: { id: string }) {
  const { t } = useTranslation('admin-notary-record');
  return (
    <RecordSection
      id="notary-availability"
      title={t('availability.title')}
      query={useNotaryAvailability(id)}
      isEmpty={(data) => data.events.length === 0}
      empty={t('availability.empty')}
    >
      {(data) => (
        <>
          <Stack component="ul" gap="xs" className={classes.plainList}>
            {data.events.map((event) => (
              <li key={event._id} data-testid="notary-availability-event">
                <Text size="sm" fw={600}>
                  {t(event.isOnline ? 'availability.online' : 'availability.offline', {
                    from: event.workingFrom,
                    to: event.workingTo,
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(event.createdAt)} · {t(`availability.cause.${event.cause}`)}
                </Text>
              </li>
            ))}
          </Stack>
          {data.total > data.events.length && (
            <Text size="sm">{t('availability.more', { count: data.total - data.events.length })}</Text>
          )}
        </>
      )}
    </RecordSection>
  );
}

function RegisterSection({ id }: { id: string }) {
  const { t } = useTranslation('admin-notary-record');
  const [page, setPage] = useState(1);
  return (
    <RecordSection
      id="notary-register"
      title={t('register.title')}
      query={useNotaryRegister({ id, page })}
      isEmpty={(data) => data.entries.length === 0 && data.page === 1}
      empty={t('register.empty')}
    >
      {(data) => (
        <Stack gap="sm">
          <RegisterEntries entries={data.entries} />
          <Pager
            page={data.page}
            totalPages={data.totalPages}
            onChange={setPage}
            label={t('register.pages')}
          />
        </Stack>
      )}
    </RecordSection>
  );
}

function RatingLine({ rating }: { rating: AdminNotaryRating }) {
  const { t } = useTranslation('admin-notary-record');
  return (
    <Stack component="li" gap={2} data-testid="notary-rating">
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Anchor component={Link} to={paths.applications.view(rating.applicationId)} size="sm" fw={600}>
          {rating.title ?? t('acts.untitled')}
        </Anchor>
        <Rating
          value={rating.stars}
          readOnly
          size="sm"
          // The line below says the stars in words.
          aria-hidden
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('ratings.line', { stars: rating.stars, date: formatDateTime(rating.createdAt) })}
      </Text>
      {rating.comment && (
        <Text size="sm" className={classes.breakAnywhere} style={{ whiteSpace: 'pre-wrap' }}>
          {rating.comment}
        </Text>
      )}
    </Stack>
  );
}

/** Clients' ratings of the notary's completed sessions (decision 0065): the average, then each, newest first. */
function RatingsSection({ id }: { id: string }) {
  const { t } = useTranslation('admin-notary-record');
  const [page, setPage] = useState(1);
  return (
    <RecordSection
      id="notary-ratings"
      title={t('ratings.title')}
      query={useNotaryRatings({ id, page })}
      isEmpty={(data) => data.summary.count === 0}
      empty={t('ratings.empty')}
      aside={(data) =>
        data.summary.average !== null && (
          <Text size="sm" fw={600} data-testid="notary-rating-average">
            {t('ratings.average', { average: data.summary.average, count: data.summary.count })}
          </Text>
        )
      }
    >
      {(data) => (
        <Stack gap="sm">
          <Stack component="ul" gap="sm" className={classes.plainList}>
            {data.ratings.map((rating) => (
              <RatingLine key={rating._id} rating={rating} />
            ))}
          </Stack>
          <Pager
            page={data.page}
            totalPages={data.totalPages}
            onChange={setPage}
            label={t('ratings.pages')}
          />
        </Stack>
      )}
    </RecordSection>
  );
}

function PayoutActLine({ act }: { act: PayoutAct }) {
  const { t } = useTranslation('admin-notary-record');
  const actName = act.notarialAct ? t(`actNames.${act.notarialAct}`) : t('payouts.unknownAct');
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Stack gap={0}>
        {act.applicationId ? (
          <Anchor component={Link} to={paths.applications.view(act.applicationId)} size="sm" fw={600}>
            {act.title ?? actName}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {act.title ?? actName}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('payouts.act', { serial: act.serial, date: formatCalendarDate(act.actDate), act: actName })}
        </Text>
        <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
          {t('payouts.breakdown', {
            notarial: formatInr(act.notarialFeePaise),
            extra: formatInr(act.extraSignatoriesPaise),
          })}
        </Text>
      </Stack>
      <Text size="sm" fw={600} className={classes.tabular}>
        {formatInr(act.earnedPaise)}
      </Text>
    </Group>
  );
}

function PayoutMonths({ data }: { data: AdminNotaryPayouts }) {
  const { t } = useTranslation('admin-notary-record');
  return (
    <Stack gap="md">
      {data.months.map((month) => (
        <Stack key={month.month} gap="xs" data-testid="payout-month">
          <Group justify="space-between" gap="xs">
            <Title order={3} size="h5">
              {t('payouts.monthTotal', {
                month: formatCalendarMonth(month.month),
                amount: formatInr(month.totalPaise),
              })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('payouts.acts', { count: month.acts.length })}
            </Text>
          </Group>
          <Stack component="ul" gap="xs" className={classes.plainList}>
            {month.acts.map((act) => (
              <PayoutActLine key={act.serial} act={act} />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

function PayoutsSection({ id }: { id: string }) {
  const { t } = useTranslation('admin-notary-record');
  return (
    <RecordSection
      id="notary-payouts"
      title={t('payouts.title')}
      query={useNotaryPayouts(id)}
      isEmpty={() => false}
      empty=""
      aside={(data) => (
        <Text fw={700} className={classes.tabular} data-testid="payout-total">
          {t('payouts.total', { amount: formatInr(data.totalPaise) })}
        </Text>
      )}
    >
      {(data) => (
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {t('payouts.period', { from: formatCalendarMonth(data.from), to: formatCalendarMonth(data.to) })}
          </Text>
          <Text size="sm">{t('payouts.rule')}</Text>
          {data.months.length === 0 ? (
            <Text size="sm">{t('payouts.empty')}</Text>
          ) : (
            <PayoutMonths data={data} />
          )}
        </Stack>
      )}
    </RecordSection>
  );
}

/**
 * The notary's record for compliance (issue 22): acts and availability side by side on wide screens, then the
 * payout statement, the clients' ratings and the register at full width.
 */
export function NotaryRecord({ id }: { id: string }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ActsSection id={id} />
        <AvailabilitySection id={id} />
      </SimpleGrid>
      <PayoutsSection id={id} />
      <RatingsSection id={id} />
      <RegisterSection id={id} />
    </Stack>
  );
}
