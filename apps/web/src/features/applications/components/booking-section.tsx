import { Anchor, Button, Chip, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  type Application,
  BOOKING_FREE_CHANGE_HOURS,
  BOOKING_NO_SHOW_MINUTES,
  BOOKING_SLOT_MINUTES,
} from '@mohar/contracts';
import { IST_OFFSET_MS } from '@mohar/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { calendarFileUrl, useBooking, useBookingChanges, useSlots } from '../api/booking';
import { BOOKING_STATUSES } from '../lib/booking-statuses';
import { ViewSection } from './view-section';

/** Applications that may book: paid, and the notarisation has not started. */

/** Today's date in India, "YYYY-MM-DD" (the date field's minimum and first value). */
const todayInIndia = () => new Date(Date.now() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The clock part of the shared date-time formatter ("3:00 pm"). */
const clockOf = (iso: string) => formatDateTime(iso).split(', ')[1] ?? '';

/** Picks a day, a notary (the chosen one or anyone) and a free slot. */
function SlotPicker(props: {
  application: Application;
  /** Moving a booking: its notary's slots only. */
  fixedNotaryId?: string;
  submitLabel: string;
  pending: boolean;
  onPick: (choice: { startsAt: string; notaryId?: string }) => void;
}) {
  const { t } = useTranslation('applications');
  const { application } = props;
  const namedNotary = application.notaryChoice === 'named' ? application.notary : null;
  const [date, setDate] = useState(todayInIndia());
  const [who, setWho] = useState<'named' | 'any'>(namedNotary ? 'named' : 'any');
  const [slot, setSlot] = useState<string | null>(null);
  const notaryId = props.fixedNotaryId ?? (who === 'named' ? namedNotary?._id : undefined);
  const slots = useSlots({ applicationId: application._id, date: date || null, notaryId });

  return (
    <Stack gap="sm">
      {namedNotary && !props.fixedNotaryId && (
        <Radio.Group
          label={t('booking.withWhom')}
          value={who}
          onChange={(value) => {
            setWho(value === 'any' ? 'any' : 'named');
            setSlot(null);
          }}
        >
          <Group gap="md" mt={4}>
            <Radio value="named" label={namedNotary.fullName ?? t('booking.chosenNotary')} />
            <Radio value="any" label={t('booking.anyNotary')} />
          </Group>
        </Radio.Group>
      )}
      <TextInput
        type="date"
        label={t('booking.date')}
        value={date}
        min={todayInIndia()}
        onChange={(event) => {
          setDate(event.currentTarget.value);
          setSlot(null);
        }}
        maw={220}
      />
      {slots.isPending && date ? (
        <Text size="sm">{t('booking.loadingSlots')}</Text>
      ) : slots.isError ? (
        <FormAlert tone="error">{failureMessage(slots.error, t('booking.slotsFailed'))}</FormAlert>
      ) : (slots.data?.slots.length ?? 0) === 0 ? (
        <Text size="sm">{t('booking.noSlots')}</Text>
      ) : (
        <Chip.Group
          value={slot ?? ''}
          onChange={(value) => setSlot(typeof value === 'string' ? value : null)}
        >
          <Group gap="xs" role="group" aria-label={t('booking.slots')}>
            {slots.data?.slots.map((s) => (
              <Chip key={s.startsAt} value={s.startsAt} size="sm">
                {t('booking.slotLabel', { time: clockOf(s.startsAt) })}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      <Button
        disabled={!slot}
        loading={props.pending}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => slot && props.onPick({ startsAt: slot, notaryId })}
      >
        {props.submitLabel}
      </Button>
    </Stack>
  );
}

/**
 * A booked session (issue 26) on the application view: the owner books a slot instead of waiting in the queue, sees
 * the time in IST with its calendar file, and may move or cancel it while that is free. The notary and admins see it.
 */
export function BookingSection({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const { t: tCommon } = useTranslation();
  const booking = useBooking(application._id);
  const changes = useBookingChanges(application._id);
  const [moving, setMoving] = useState(false);
  const isOwner = application.viewerRole === 'owner';
  const current = booking.data?.booking ?? null;
  if (!current && !(isOwner && BOOKING_STATUSES.has(application.status))) return null;

  const toast = (color: 'green' | 'red', message: string) =>
    void showToast({ color, message, closeLabel: tCommon('close') });
  const onFailure = (error: unknown) => toast('red', failureMessage(error, t('booking.failed')));
  const isFree = current ? Date.now() < new Date(current.freeChangeUntil).getTime() : false;

  return (
    <ViewSection id="booking" title={t('booking.title')} testId="booking-section">
      {current ? (
        <Stack gap="sm">
          <Text fw={600} data-testid="booking-time">
            {t('booking.bookedAt', {
              time: formatDateTime(current.startsAt),
              notary: current.notaryName ?? t('booking.aNotary'),
            })}
          </Text>
          <Text size="sm">{isOwner ? t('booking.howToStart') : t('booking.howToStartOthers')}</Text>
          <Text size="sm" c="dimmed">
            {t('booking.rules', {
              hours: BOOKING_FREE_CHANGE_HOURS,
              until: formatDateTime(current.freeChangeUntil),
              minutes: BOOKING_NO_SHOW_MINUTES,
            })}
          </Text>
          <Group gap="sm">
            <Anchor href={calendarFileUrl(application._id)} download="mohar-session.ics">
              {t('booking.addToCalendar')}
            </Anchor>
          </Group>
          {isOwner && isFree && !moving && (
            <Group gap="sm">
              <Button variant="default" size="xs" onClick={() => setMoving(true)}>
                {t('booking.move')}
              </Button>
              <Button
                variant="default"
                color="red"
                size="xs"
                loading={changes.cancel.isPending}
                onClick={() =>
                  changes.cancel.mutate(undefined, {
                    onSuccess: () => toast('green', t('booking.cancelled')),
                    onError: onFailure,
                  })
                }
              >
                {t('booking.cancel')}
              </Button>
            </Group>
          )}
          {isOwner && moving && (
            <SlotPicker
              application={application}
              fixedNotaryId={current.notaryId}
              submitLabel={t('booking.moveSubmit')}
              pending={changes.reschedule.isPending}
              onPick={({ startsAt }) =>
                changes.reschedule.mutate(
                  { startsAt },
                  {
                    onSuccess: () => {
                      setMoving(false);
                      toast('green', t('booking.moved'));
                    },
                    onError: onFailure,
                  },
                )
              }
            />
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('booking.intro', { minutes: BOOKING_SLOT_MINUTES })}</Text>
          <SlotPicker
            application={application}
            submitLabel={t('booking.submit')}
            pending={changes.book.isPending}
            onPick={(choice) =>
              changes.book.mutate(choice, {
                onSuccess: () => toast('green', t('booking.booked')),
                onError: onFailure,
              })
            }
          />
        </Stack>
      )}
    </ViewSection>
  );
}
