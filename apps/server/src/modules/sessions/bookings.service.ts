import {
  BOOKING_FREE_CHANGE_HOURS,
  BOOKING_MAX_DAYS_AHEAD,
  BOOKING_NO_SHOW_MINUTES,
  BOOKING_REMINDER_MINUTES,
  BOOKING_SLOT_MINUTES,
  type Booking,
  type BookingStatus,
  type NotaryBooking,
  SERVICE_HOURS,
} from '@mohar/contracts';
import { IST_OFFSET_MS } from '@mohar/contracts/constants';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Mailer } from '../../platform/mailer.ts';
import {
  type ApplicationsService,
  findApplicationWithNames,
  listSignatories,
} from '../applications/applications.service.ts';
import { findUserContact } from '../auth/auth.service.ts';
import { findBookableNotaries, findNotaryProfile } from '../notaries/notaries.service.ts';
import { istDateKey } from '../payments/business-days.ts';
import { signatoryLanguagesOf } from '../portal/portal.service.ts';
import { bookingErrors } from './bookings.errors.ts';
import { type BookingMailKind, bookingMail } from './bookings.mails.ts';
import * as repo from './bookings.repository.ts';
import { calendarFile } from './calendar.ts';
import { serviceWindow } from './service-hours.ts';

const MINUTE_MS = 60_000;
const SLOT_MS = BOOKING_SLOT_MINUTES * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Start Notarization of a booked session opens this long before its start. */
const START_OPENS_MINUTES = 10;
/** Applications that may book: the fee is paid and the notarisation has not started. */
const BOOKABLE = new Set(['awaiting_identity', 'ready']);

const clockMinutes = (clock: string) => {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
};
/** Minutes since midnight IST of an instant. */
const istMinutes = (date: Date) => {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  return ist.getUTCHours() * 60 + ist.getUTCMinutes();
};
/** Midnight IST of a "YYYY-MM-DD" day, as an instant. */
const istMidnight = (date: string) => {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) - IST_OFFSET_MS);
};

type Viewer = { userId: string; role: string };
type NotaryHours = { workingFrom: string; workingTo: string };

/** Whether a slot lies inside a notary's working hours (IST clock). */
const fitsHours = (notary: NotaryHours, startsAt: Date) => {
  const from = istMinutes(startsAt);
  return (
    from >= clockMinutes(notary.workingFrom) && from + BOOKING_SLOT_MINUTES <= clockMinutes(notary.workingTo)
  );
};

export type BookingsService = ReturnType<typeof createBookingsService>;

/**
 * Booked sessions (issue 26): the owner books a BOOKING_SLOT_MINUTES slot with the chosen notary (or anyone free)
 * inside service hours and the notary's working hours. The unique key on (notary, start) among live bookings refuses
 * overlaps, also between two requests at the same moment. Everyone gets the time in IST with a calendar file, and
 * reminders 24 hours and 15 minutes before (each once: a row per step). At the time, Start Notarization goes to the
 * booked notary; a booking nobody started within BOOKING_NO_SHOW_MINUTES is recorded as a no-show.
 */
export function createBookingsService(deps: {
  db: Database;
  config: AppConfig;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  applicationsService: Pick<ApplicationsService, 'onTransition'>;
  /** An organisation's notaries under its "only our in-house notaries" setting, else null (decision 0091). */
  allowedNotariesFor?: (tx: DbOrTx, organisationId: string) => Promise<readonly string[] | null>;
  now?: () => Date;
}) {
  const { db, config, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const holidays = new Set(config.holidays);

  // A booking ends with its application (cancelled, failed, rejected).
  deps.applicationsService.onTransition(async (tx, change) => {
    if (!['cancelled', 'failed', 'rejected'].includes(change.to)) return;
    const live = await repo.findLiveBookingOfApplication(tx, change.applicationId);
    if (live) await repo.endBooking(tx, { id: live.id, status: 'cancelled', at: now() });
  });

  /** The slot's own rules: on the grid, in the future, within the booking horizon, inside service hours. */
  function checkSlot(startsAt: Date) {
    if (startsAt.getTime() % SLOT_MS !== 0) throw bookingErrors.slotUnavailable('grid');
    const at = now();
    if (startsAt.getTime() <= at.getTime()) throw bookingErrors.slotUnavailable('past');
    if (startsAt.getTime() > at.getTime() + BOOKING_MAX_DAYS_AHEAD * DAY_MS)
      throw bookingErrors.slotUnavailable('ahead');
    if (!isServiceSlot(startsAt)) throw bookingErrors.slotUnavailable('hours');
  }

  function isServiceSlot(startsAt: Date) {
    const minutes = istMinutes(startsAt);
    return (
      serviceWindow(startsAt, holidays).isOpen &&
      minutes >= clockMinutes(SERVICE_HOURS.opensAt) &&
      minutes + BOOKING_SLOT_MINUTES <= clockMinutes(SERVICE_HOURS.closesAt)
    );
  }

  /** The application, if the caller owns it (404 for anyone else). */
  async function ownApplication(db: DbOrTx, applicationId: string, viewer: Viewer) {
    const application = await findApplicationWithNames(db, applicationId);
    if (!application || application.ownerId !== viewer.userId) throw bookingErrors.notFound();
    return application;
  }

  /**
   * The notaries this application may be booked with: the one asked for (or anyone), and for an organisation that
   * takes only its own notaries, only those — naming an outsider is refused like a draft naming one (decision 0091).
   */
  async function bookableFor(
    tx: DbOrTx,
    options: { organisationId: string | null; notaryId?: string; refuseOutsider: boolean },
  ) {
    const allowed = options.organisationId
      ? ((await deps.allowedNotariesFor?.(tx, options.organisationId)) ?? null)
      : null;
    if (
      options.refuseOutsider &&
      allowed &&
      options.notaryId !== undefined &&
      !allowed.includes(options.notaryId)
    )
      throw bookingErrors.notaryNotInHouse();
    return (await findBookableNotaries(tx)).filter(
      (n) =>
        (options.notaryId === undefined || n.userId === options.notaryId) &&
        (!allowed || allowed.includes(n.userId)),
    );
  }

  const freeChangeUntil = (booking: repo.BookingRow) =>
    new Date(booking.startsAt.getTime() - BOOKING_FREE_CHANGE_HOURS * 3_600_000);

  async function toBooking(db: DbOrTx, row: repo.BookingRow): Promise<Booking> {
    const notary = await findNotaryProfile(db, row.notaryId);
    return {
      _id: row.id,
      applicationId: row.applicationId,
      notaryId: row.notaryId,
      notaryName: notary?.fullName ?? null,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      status: row.status as BookingStatus,
      freeChangeUntil: freeChangeUntil(row).toISOString(),
    };
  }

  function calendarOf(row: repo.BookingRow, title: string, cancelled = false) {
    return calendarFile({
      uid: row.id,
      sequence: row.sequence,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      summary: `Mohar notarisation: ${title}`,
      description: `Video session with a notary on Mohar. ${config.publicUrl}/application-view/${row.applicationId}`,
      url: `${config.publicUrl}/application-view/${row.applicationId}`,
      cancelled,
      stampedAt: now(),
    });
  }

  /** The same news to the owner, every signatory and the notary, each in their language. */
  async function tellEveryone(
    tx: DbOrTx,
    options: { row: repo.BookingRow; kind: BookingMailKind; minutesBefore?: number },
  ) {
    const { row, kind } = options;
    const application = await findApplicationWithNames(tx, row.applicationId);
    if (!application) return;
    const title = application.title ?? 'Notarisation';
    const notary = await findNotaryProfile(tx, row.notaryId);
    const notaryName = notary?.fullName ?? 'the notary';
    const calendar = kind === 'reminder' ? undefined : calendarOf(row, title, kind === 'cancelled');
    const common = {
      kind,
      title,
      notaryName,
      startsAt: row.startsAt,
      minutesBefore: options.minutesBefore,
      calendar,
    };
    const owner = await findUserContact(tx, application.ownerId);
    const notaryContact = await findUserContact(tx, row.notaryId);
    const signatories = await listSignatories(tx, row.applicationId);
    const languageOf = await signatoryLanguagesOf(tx, { ownerId: application.ownerId, signatories });
    const mails = [
      ...(owner
        ? [
            bookingMail({
              ...common,
              reader: 'owner',
              to: owner.email,
              name: owner.name,
              language: owner.language,
            }),
          ]
        : []),
      ...signatories.map((s) =>
        bookingMail({
          ...common,
          reader: 'signatory',
          to: s.email,
          name: s.fullName,
          language: languageOf(s.id),
        }),
      ),
      ...(notaryContact
        ? [
            bookingMail({
              ...common,
              reader: 'notary',
              to: notaryContact.email,
              name: notaryContact.name,
              language: notaryContact.language,
            }),
          ]
        : []),
    ];
    await mailer.enqueue(tx, mails);
  }

  /** Reminder steps already due when a booking is made or moved are marked sent: the booking mail says it all. */
  async function skipPastReminders(tx: DbOrTx, row: repo.BookingRow) {
    for (const minutes of BOOKING_REMINDER_MINUTES)
      if (row.startsAt.getTime() - minutes * MINUTE_MS <= now().getTime())
        await repo.insertReminder(tx, { bookingId: row.id, minutesBefore: minutes, sentAt: now() });
  }

  return {
    async book(options: { applicationId: string; viewer: Viewer; startsAt: Date; notaryId?: string }) {
      const { startsAt } = options;
      checkSlot(startsAt);
      const endsAt = new Date(startsAt.getTime() + SLOT_MS);
      const created = await db.transaction(async (tx) => {
        const application = await ownApplication(tx, options.applicationId, options.viewer);
        if (!BOOKABLE.has(application.status)) throw bookingErrors.notAllowed('status');
        if (await repo.findLiveBookingOfApplication(tx, application.id))
          throw bookingErrors.notAllowed('booked');
        const notaries = await bookableFor(tx, {
          organisationId: application.organisationId,
          notaryId: options.notaryId,
          refuseOutsider: true,
        });
        if (options.notaryId !== undefined && notaries.length === 0)
          throw bookingErrors.slotUnavailable('notary');
        const fitting = notaries.filter((n) => fitsHours(n, startsAt));
        if (fitting.length === 0) throw bookingErrors.slotUnavailable('notary');
        for (const notary of fitting) {
          const row = await repo.insertBooking(tx, {
            applicationId: application.id,
            notaryId: notary.userId,
            startsAt,
            endsAt,
            bookedBy: options.viewer.userId,
          });
          if (!row) continue;
          await skipPastReminders(tx, row);
          await tellEveryone(tx, { row, kind: 'booked' });
          return row;
        }
        // Every fitting notary's slot is taken — or the application got a booking in a race (its own key).
        if (await repo.findLiveBookingOfApplication(tx, application.id))
          throw bookingErrors.notAllowed('booked');
        throw bookingErrors.slotTaken();
      });
      mailer.kick();
      return toBooking(db, created);
    },

    /** The application's live booking, or null; the caller checked who may read the application. */
    async current(applicationId: string): Promise<Booking | null> {
      const row = await repo.findLiveBookingOfApplication(db, applicationId);
      return row ? toBooking(db, row) : null;
    },

    async reschedule(options: { applicationId: string; viewer: Viewer; startsAt: Date }) {
      const { startsAt } = options;
      checkSlot(startsAt);
      const moved = await db.transaction(async (tx) => {
        await ownApplication(tx, options.applicationId, options.viewer);
        const live = await repo.findLiveBookingOfApplication(tx, options.applicationId);
        if (!live) throw bookingErrors.notFound();
        if (now() > freeChangeUntil(live)) throw bookingErrors.locked();
        const notary = await findNotaryProfile(tx, live.notaryId);
        if (notary?.status !== 'verified' || !fitsHours(notary, startsAt))
          throw bookingErrors.slotUnavailable('notary');
        const row = await repo.moveBooking(tx, {
          id: live.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + SLOT_MS),
        });
        if (!row) throw bookingErrors.slotTaken();
        await skipPastReminders(tx, row);
        await tellEveryone(tx, { row, kind: 'moved' });
        return row;
      });
      mailer.kick();
      return toBooking(db, moved);
    },

    async cancel(options: { applicationId: string; viewer: Viewer }) {
      await db.transaction(async (tx) => {
        await ownApplication(tx, options.applicationId, options.viewer);
        const live = await repo.findLiveBookingOfApplication(tx, options.applicationId);
        if (!live) throw bookingErrors.notFound();
        if (now() > freeChangeUntil(live)) throw bookingErrors.locked();
        const row = await repo.endBooking(tx, { id: live.id, status: 'cancelled', at: now() });
        if (row) await tellEveryone(tx, { row, kind: 'cancelled' });
      });
      mailer.kick();
    },

    /** The free slots of an IST day, for one notary or for anyone. */
    async slots(options: { applicationId: string; viewer: Viewer; date: string; notaryId?: string }) {
      const application = await ownApplication(db, options.applicationId, options.viewer);
      const from = istMidnight(options.date);
      const notaries = await bookableFor(db, {
        organisationId: application.organisationId,
        notaryId: options.notaryId,
        refuseOutsider: false,
      });
      const taken = await repo.liveBookingsBetween(db, {
        notaryIds: notaries.map((n) => n.userId),
        from,
        to: new Date(from.getTime() + DAY_MS),
      });
      const takenKeys = new Set(taken.map((b) => `${b.notaryId}|${b.startsAt.getTime()}`));
      const at = now().getTime();
      const slots: Array<{ startsAt: string; endsAt: string }> = [];
      for (
        let start = from.getTime() + clockMinutes(SERVICE_HOURS.opensAt) * MINUTE_MS;
        start + SLOT_MS <= from.getTime() + clockMinutes(SERVICE_HOURS.closesAt) * MINUTE_MS;
        start += SLOT_MS
      ) {
        const startsAt = new Date(start);
        if (start <= at || start > at + BOOKING_MAX_DAYS_AHEAD * DAY_MS || !isServiceSlot(startsAt)) continue;
        const isFree = notaries.some((n) => fitsHours(n, startsAt) && !takenKeys.has(`${n.userId}|${start}`));
        if (isFree)
          slots.push({ startsAt: startsAt.toISOString(), endsAt: new Date(start + SLOT_MS).toISOString() });
      }
      return slots;
    },

    /** The notary's bookings of an IST day (today by default): the dashboard's list. */
    async notaryDay(options: { notaryId: string; date?: string }) {
      const date = options.date ?? istDateKey(now());
      const from = istMidnight(date);
      const rows = await repo.notaryDay(db, {
        notaryId: options.notaryId,
        from,
        to: new Date(from.getTime() + DAY_MS),
      });
      const bookings: NotaryBooking[] = rows.map(({ booking, title }) => ({
        _id: booking.id,
        applicationId: booking.applicationId,
        title,
        startsAt: booking.startsAt.toISOString(),
        endsAt: booking.endsAt.toISOString(),
        status: booking.status as BookingStatus,
      }));
      return { date, bookings };
    },

    /** The calendar file of the application's live booking (the owner's and the notary's download). */
    async calendar(applicationId: string) {
      const row = await repo.findLiveBookingOfApplication(db, applicationId);
      if (!row) throw bookingErrors.notFound();
      const application = await findApplicationWithNames(db, applicationId);
      return calendarOf(row, application?.title ?? 'Notarisation');
    },

    /**
     * Start Notarization of an application with a live booking: from 10 minutes before its start, the request goes
     * to the booked notary and the booking is marked started. Null without a booking (the queue as before).
     */
    async takeBookedNotary(tx: DbOrTx, applicationId: string): Promise<string | null> {
      const live = await repo.findLiveBookingOfApplication(tx, applicationId);
      if (!live) return null;
      if (now().getTime() < live.startsAt.getTime() - START_OPENS_MINUTES * MINUTE_MS)
        throw bookingErrors.notAllowed('early');
      await repo.endBooking(tx, { id: live.id, status: 'started', at: now() });
      return live.notaryId;
    },

    /** The sweep: each due reminder once per booking; after a stop, only the latest due step is sent. */
    async sendDueReminders(): Promise<number> {
      const at = now();
      const soon = await repo.liveBookingsStartingBy(db, {
        now: at,
        by: new Date(at.getTime() + Math.max(...BOOKING_REMINDER_MINUTES) * MINUTE_MS),
      });
      let sent = 0;
      for (const booking of soon) {
        const due = BOOKING_REMINDER_MINUTES.filter(
          (m) => booking.startsAt.getTime() - m * MINUTE_MS <= at.getTime(),
        );
        if (due.length === 0) continue;
        const latest = Math.min(...due);
        const isSent = await db.transaction(async (tx) => {
          const isNew = await repo.insertReminder(tx, {
            bookingId: booking.id,
            minutesBefore: latest,
            sentAt: at,
          });
          if (!isNew) return false;
          for (const m of due)
            if (m !== latest)
              await repo.insertReminder(tx, { bookingId: booking.id, minutesBefore: m, sentAt: at });
          await tellEveryone(tx, { row: booking, kind: 'reminder', minutesBefore: latest });
          return true;
        });
        if (isSent) sent += 1;
      }
      if (sent > 0) mailer.kick();
      return sent;
    },

    /** Bookings nobody started within BOOKING_NO_SHOW_MINUTES of their start are recorded as no-shows. */
    async recordNoShows(): Promise<number> {
      const at = now();
      const rows = await repo.unstartedBookingsBefore(
        db,
        new Date(at.getTime() - BOOKING_NO_SHOW_MINUTES * MINUTE_MS),
      );
      let count = 0;
      for (const row of rows)
        if (await repo.endBooking(db, { id: row.id, status: 'no_show', at })) count += 1;
      return count;
    },
  };
}
