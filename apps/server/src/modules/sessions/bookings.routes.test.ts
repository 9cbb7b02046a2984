// @engine: the unique slot key refuses concurrent bookings of one notary; savepoints in one transaction
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedSessions, mailOutbox, notaryProfiles, notaryRequests } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltNotary, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The app's clock: Monday 23 November 2026, 09:00 IST, unless a test moves it. */
const MONDAY_9 = new Date('2026-11-23T09:00:00+05:30');
let clock = MONDAY_9;
let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  build = buildersFor(t);
});
afterAll(() => t.close());

const MINUTE = 60_000;
/** 15:00 IST on Tuesday 24 November. */
const TUESDAY_3PM = '2026-11-24T15:00:00+05:30';

function application(notary?: BuiltNotary) {
  return build.application({
    status: 'ready',
    signatories: [{ fullName: 'Suresh Nair' }, { fullName: 'Lata Nair', role: 'witness' }],
    ...(notary ? { notaryChoice: 'named' as const, notary } : {}),
  });
}
type Built = Awaited<ReturnType<typeof application>>;

const book = (app: Built, body: object) =>
  call(t, 'POST', `/applications/${app.id}/booking`, app.owner.cookie, body);
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const reminderMails = async (to: string) =>
  (await mailsTo(to)).filter((m) => m.subject.startsWith('Reminder: notarisation'));

/** DTSTART of a calendar file (RFC 5545, unfolded), as an instant. */
function calendarStart(ics: string): Date {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  const value = unfolded.match(/^DTSTART(?:;TZID=([^:]+))?:(\d{8}T\d{6}Z?)$/m);
  if (!value?.[2]) throw new Error(`no DTSTART in\n${ics}`);
  const [, y, mo, d, h, mi, s] = value[2].match(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})/) ?? [];
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (value[2].endsWith('Z')) return new Date(utc);
  expect(value[1]).toBe('Asia/Kolkata');
  return new Date(utc - 330 * MINUTE);
}
const istText = (date: Date) =>
  date.toLocaleString('en-GB', { timeZone: 'Asia/Kolkata', dateStyle: 'full', timeStyle: 'short' });

describe('booked sessions (issue 26)', () => {
  it('books a slot with the chosen notary; everyone gets the IST time and a calendar file that opens at it', async () => {
    clock = MONDAY_9;
    const notary = await build.notary();
    const app = await application(notary);
    const res = await book(app, { startsAt: TUESDAY_3PM, notaryId: notary.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking).toMatchObject({
      notaryId: notary.id,
      startsAt: new Date(TUESDAY_3PM).toISOString(),
      endsAt: new Date('2026-11-24T15:30:00+05:30').toISOString(),
      status: 'booked',
      freeChangeUntil: new Date('2026-11-24T13:00:00+05:30').toISOString(),
    });

    for (const to of [app.owner.email, notary.email, ...app.signatories.map((s) => s.email)]) {
      const [mail] = (await mailsTo(to)).filter((m) => m.subject.startsWith('Booked:'));
      expect(mail?.subject).toBe(
        'Booked: notarisation of “Affidavit of address” on Tue, 24 November 2026, 15:00 IST',
      );
      const ics = mail?.attachments?.[0];
      expect(ics?.filename).toBe('mohar-session.ics');
      expect(ics?.contentType).toContain('text/calendar');
      expect(istText(calendarStart(ics?.content ?? ''))).toBe('Tuesday, 24 November 2026 at 15:00');
      expect(ics?.content).toContain('DTEND:20261124T100000Z');
    }

    // The owner reads it and downloads the calendar file; the notary sees it on their day; anyone else finds nothing.
    expect(
      (await call(t, 'GET', `/applications/${app.id}/booking`, app.owner.cookie)).json().booking.status,
    ).toBe('booked');
    const day = await call(t, 'GET', '/notary/bookings?date=2026-11-24', notary.cookie);
    expect(day.json().bookings.map((b: { applicationId: string }) => b.applicationId)).toEqual([app.id]);
    const file = await call(t, 'GET', `/applications/${app.id}/booking/calendar.ics`, app.owner.cookie);
    expect(file.headers['content-type']).toContain('text/calendar');
    expect(istText(calendarStart(file.body))).toBe('Tuesday, 24 November 2026 at 15:00');
    const stranger = await build.user();
    expect((await call(t, 'GET', `/applications/${app.id}/booking`, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await call(t, 'POST', `/applications/${app.id}/booking`, stranger.cookie, { startsAt: TUESDAY_3PM }))
        .statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', `/applications/${app.id}/booking`)).statusCode).toBe(401);
    // One live booking per application.
    const second = await book(app, { startsAt: '2026-11-24T16:00:00+05:30' });
    expect(second.json().code).toBe('sessions.booking_not_allowed');
  });

  it('signatories see the booked time on the portal, with its calendar file by their link', async () => {
    clock = MONDAY_9;
    const notary = await build.notary();
    const app = await application(notary);
    const token = app.signatories[1]?.token ?? '';
    const before = (await call(t, 'GET', `/access/${token}`)).json();
    expect(before.application.booking).toBeNull();
    expect((await call(t, 'GET', `/access/${token}/booking/calendar.ics`)).statusCode).toBe(404);

    expect((await book(app, { startsAt: TUESDAY_3PM, notaryId: notary.id })).statusCode).toBe(201);
    const after = (await call(t, 'GET', `/access/${token}`)).json();
    expect(after.application.booking).toEqual({
      startsAt: new Date(TUESDAY_3PM).toISOString(),
      endsAt: new Date('2026-11-24T15:30:00+05:30').toISOString(),
    });
    const ics = await call(t, 'GET', `/access/${token}/booking/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(istText(calendarStart(ics.body))).toBe('Tuesday, 24 November 2026 at 15:00');
    // A made-up link opens nothing.
    expect((await call(t, 'GET', `/access/${'x'.repeat(43)}/booking/calendar.ics`)).statusCode).not.toBe(200);
  });

  it('refuses times outside service hours, the notary’s working hours, the slot grid, the past and 30 days ahead', async () => {
    clock = MONDAY_9;
    const notary = await build.notary();
    await t.db
      .update(notaryProfiles)
      .set({ workingFrom: '12:00', workingTo: '18:00' })
      .where(eq(notaryProfiles.userId, notary.id));
    const app = await application(notary);
    const refused = async (startsAt: string, reason: string) => {
      const res = await book(app, { startsAt, notaryId: notary.id });
      expect(res.statusCode, startsAt).toBe(409);
      expect(res.json(), startsAt).toMatchObject({ code: 'sessions.slot_unavailable', details: { reason } });
    };
    await refused('2026-11-24T09:30:00+05:30', 'hours');
    await refused('2026-11-24T19:45:00+05:30', 'grid');
    await refused('2026-11-24T20:00:00+05:30', 'hours');
    await refused('2026-11-24T15:10:00+05:30', 'grid');
    await refused('2026-11-23T08:30:00+05:30', 'past');
    await refused('2026-12-24T15:00:00+05:30', 'ahead');
    await refused('2026-11-24T11:00:00+05:30', 'notary');
    await refused('2026-11-24T18:00:00+05:30', 'notary');
    expect((await book(app, { startsAt: '2026-11-24T17:00:00+05:30', notaryId: notary.id })).statusCode).toBe(
      201,
    );
    // The day's free slots follow the same rules (working hours, taken ones left out).
    const slots = await call(
      t,
      'GET',
      `/applications/${app.id}/booking/slots?date=2026-11-24&notaryId=${notary.id}`,
      app.owner.cookie,
    );
    const starts = (slots.json().slots as Array<{ startsAt: string }>).map((s) =>
      istText(new Date(s.startsAt)).slice(-5),
    );
    expect(starts[0]).toBe('12:00');
    expect(starts.at(-1)).toBe('17:30');
    expect(starts).not.toContain('17:00');
  });

  it('refuses an overlapping booking of one notary, also when many ask at the same moment', async () => {
    clock = MONDAY_9;
    const notary = await build.notary();
    const first = await application(notary);
    expect((await book(first, { startsAt: TUESDAY_3PM, notaryId: notary.id })).statusCode).toBe(201);
    const other = await application(notary);
    const taken = await book(other, { startsAt: TUESDAY_3PM, notaryId: notary.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('sessions.slot_taken');

    const racers = await Promise.all(Array.from({ length: 5 }, () => application(notary)));
    const slot = '2026-11-25T11:00:00+05:30';
    const answers = await Promise.all(
      racers.map((app) => book(app, { startsAt: slot, notaryId: notary.id })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'sessions.slot_taken'),
    ).toBe(true);
    const rows = await t.db
      .select()
      .from(bookedSessions)
      .where(and(eq(bookedSessions.notaryId, notary.id), eq(bookedSessions.startsAt, new Date(slot))));
    expect(rows).toHaveLength(1);
  });

  it('"any available" takes the next notary free at that time', async () => {
    clock = MONDAY_9;
    const first = await build.notary();
    const second = await build.notary();
    // Everyone else verified in this database is busy at this slot: only these two can be chosen.
    const slot = '2026-11-26T12:30:00+05:30';
    const busy = await t.db
      .select({ id: notaryProfiles.userId })
      .from(notaryProfiles)
      .where(eq(notaryProfiles.status, 'verified'));
    for (const n of busy.filter((b) => b.id !== second.id)) {
      const app = await application();
      expect((await book(app, { startsAt: slot, notaryId: n.id })).statusCode).toBe(201);
    }
    expect(busy.map((b) => b.id)).toContain(first.id);
    const app = await application();
    const res = await book(app, { startsAt: slot });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking.notaryId).toBe(second.id);
    const none = await book(await application(), { startsAt: slot });
    expect(none.json().code).toBe('sessions.slot_taken');
  });

  it('sends reminders 24 hours and 15 minutes before, each once, to everyone', async () => {
    clock = MONDAY_9;
    const notary = await build.notary();
    const app = await application(notary);
    const startsAt = new Date('2026-11-25T15:00:00+05:30');
    expect((await book(app, { startsAt: startsAt.toISOString(), notaryId: notary.id })).statusCode).toBe(201);
    const sweep = () => t.app.mohar.bookingsService.sendDueReminders();
    const everyone = [app.owner.email, notary.email, ...app.signatories.map((s) => s.email)];

    clock = new Date(startsAt.getTime() - 24 * 60 * MINUTE - MINUTE);
    await sweep();
    for (const to of everyone) expect(await reminderMails(to)).toHaveLength(0);

    clock = new Date(startsAt.getTime() - 24 * 60 * MINUTE + MINUTE);
    await Promise.all([sweep(), sweep()]);
    await sweep();
    for (const to of everyone) {
      const mails = await reminderMails(to);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('It starts in 24 hours.');
    }

    clock = new Date(startsAt.getTime() - 14 * MINUTE);
    await sweep();
    await sweep();
    for (const to of everyone) {
      const mails = await reminderMails(to);
      expect(mails).toHaveLength(2);
      expect(mails.some((m) => m.text.includes('It starts in 15 minutes.'))).toBe(true);
    }
    clock = new Date(startsAt.getTime() + MINUTE);
    await sweep();
    expect(await reminderMails(app.owner.email)).toHaveLength(2);
  });

  it('a booking made less than 24 hours ahead gets only the 15-minute reminder', async () => {
    clock = MONDAY_9;
    const notary = await build.notary();
    const app = await application(notary);
    const startsAt = new Date('2026-11-23T18:00:00+05:30');
    expect((await book(app, { startsAt: startsAt.toISOString(), notaryId: notary.id })).statusCode).toBe(201);
    await t.app.mohar.bookingsService.sendDueReminders();
    expect(await reminderMails(app.owner.email)).toHaveLength(0);
    clock = new Date(startsAt.getTime() - 10 * MINUTE);
    await t.app.mohar.bookingsService.sendDueReminders();
    expect((await reminderMails(app.owner.email)).map((m) => m.text.includes('15 minutes'))).toEqual([true]);
  });

  it('moves or cancels freely until 2 hours before; a moved booking is reminded at its new time and its calendar replaces the old', async () => {
    clock = MONDAY_9;
    const notary = await build.notary();
    const app = await application(notary);
    expect((await book(app, { startsAt: TUESDAY_3PM, notaryId: notary.id })).statusCode).toBe(201);
    const moved = await call(t, 'PUT', `/applications/${app.id}/booking`, app.owner.cookie, {
      startsAt: '2026-11-24T16:30:00+05:30',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking.startsAt).toBe(new Date('2026-11-24T16:30:00+05:30').toISOString());
    const [movedMail] = (await mailsTo(app.owner.email)).filter((m) => m.subject.startsWith('New time:'));
    expect(movedMail?.attachments?.[0]?.content).toContain('SEQUENCE:1');
    expect(istText(calendarStart(movedMail?.attachments?.[0]?.content ?? ''))).toBe(
      'Tuesday, 24 November 2026 at 16:30',
    );
    // The freed slot can be booked by someone else.
    expect(
      (await book(await application(notary), { startsAt: TUESDAY_3PM, notaryId: notary.id })).statusCode,
    ).toBe(201);

    clock = new Date('2026-11-24T14:31:00+05:30');
    const late = await call(t, 'PUT', `/applications/${app.id}/booking`, app.owner.cookie, {
      startsAt: '2026-11-24T18:00:00+05:30',
    });
    expect(late.json().code).toBe('sessions.booking_locked');
    expect((await call(t, 'DELETE', `/applications/${app.id}/booking`, app.owner.cookie)).json().code).toBe(
      'sessions.booking_locked',
    );

    clock = MONDAY_9;
    const other = await application(notary);
    expect(
      (await book(other, { startsAt: '2026-11-24T12:00:00+05:30', notaryId: notary.id })).statusCode,
    ).toBe(201);
    const cancelled = await call(t, 'DELETE', `/applications/${other.id}/booking`, other.owner.cookie);
    expect(cancelled.statusCode).toBe(200);
    const [cancelMail] = (await mailsTo(notary.email)).filter((m) => m.subject.startsWith('Cancelled:'));
    expect(cancelMail?.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    expect(
      (await call(t, 'GET', `/applications/${other.id}/booking`, other.owner.cookie)).json().booking,
    ).toBeNull();
  });

  it('shows the notary the day’s bookings, records a no-show, and sends Start Notarization at the time to the booked notary', async () => {
    clock = MONDAY_9;
    const notary = await build.notary();
    const late = await application();
    const onTime = await application();
    const lateBooked = await book(late, { startsAt: '2026-11-23T12:00:00+05:30', notaryId: notary.id });
    expect(lateBooked.statusCode, lateBooked.body).toBe(201);
    expect(
      (await book(onTime, { startsAt: '2026-11-23T11:00:00+05:30', notaryId: notary.id })).statusCode,
    ).toBe(201);

    const day = await call(t, 'GET', '/notary/bookings?date=2026-11-23', notary.cookie);
    expect(day.statusCode).toBe(200);
    expect(day.json().bookings.map((b: { applicationId: string }) => b.applicationId)).toEqual([
      onTime.id,
      late.id,
    ]);
    expect((await call(t, 'GET', '/notary/bookings', notary.cookie)).json().date).toBe('2026-11-23');
    expect((await call(t, 'GET', '/notary/bookings', onTime.owner.cookie)).statusCode).toBe(403);

    // Too early: Start Notarization says when it opens.
    clock = new Date('2026-11-23T10:30:00+05:30');
    const early = await call(t, 'POST', `/applications/${onTime.id}/notary-request`, onTime.owner.cookie, {});
    expect(early.json().code).toBe('sessions.booking_not_allowed');
    // At the time it goes to the booked notary, though the wizard said "first available".
    clock = new Date('2026-11-23T10:55:00+05:30');
    const started = await call(
      t,
      'POST',
      `/applications/${onTime.id}/notary-request`,
      onTime.owner.cookie,
      {},
    );
    expect(started.statusCode, started.body).toBe(201);
    const [request] = await t.db
      .select()
      .from(notaryRequests)
      .where(eq(notaryRequests.applicationId, onTime.id));
    expect(request?.notaryId).toBe(notary.id);

    // Nobody started the 12:00 session: at 12:16 it is a no-show.
    clock = new Date('2026-11-23T12:14:00+05:30');
    expect(await t.app.mohar.bookingsService.recordNoShows()).toBe(0);
    clock = new Date('2026-11-23T12:16:00+05:30');
    expect(await t.app.mohar.bookingsService.recordNoShows()).toBe(1);
    const after = (await call(t, 'GET', '/notary/bookings?date=2026-11-23', notary.cookie)).json().bookings;
    expect(after.map((b: { status: string }) => b.status)).toEqual(['started', 'no_show']);
  });
});
