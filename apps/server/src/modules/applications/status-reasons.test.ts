import type { ApplicationEvent } from '@mohar/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, receipts, seals } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { failAbandonedSessions } from '../sessions/abandoned.ts';

/** The app's clock: 12:00 IST on a working day (inside service hours). */
const NOON_IST = new Date('2026-11-23T12:00:00+05:30');
let t: TestApp;
let build: Builders;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOON_IST });
  build = buildersFor(t);
  admin = await build.admin();
});
afterAll(() => t.close());

/** The stored rows, oldest first. */
const rowsOf = (id: string) =>
  t.db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, id))
    .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));

/** The status history as its owner reads it. */
async function historyOf(id: string, cookie: string): Promise<ApplicationEvent[]> {
  const res = await call(t, 'GET', `/applications/${id}/events`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json().events;
}

const into = (events: ApplicationEvent[], status: ApplicationEvent['toStatus']) =>
  events.filter((e) => e.toStatus === status).at(-1);

describe('the reasons the server writes with a status change (decision 0092)', () => {
  it('are stored as a code with its values beside the English sentence, along the whole journey', async () => {
    const app = await build.application({ status: 'notarised' });
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.applicationId, app.id));
    const [seal] = await t.db.select().from(seals).where(eq(seals.applicationId, app.id));
    const events = await historyOf(app.id, app.owner.cookie);
    const reasons = events.map((e) => [e.toStatus, e.reasonCode, e.reasonParams]);
    expect(reasons).toEqual([
      ['draft', null, null],
      ['awaiting_payment', null, null],
      ['awaiting_identity', 'paid', { receipt: receipt?.serial }],
      ['ready', 'identities_proved', null],
      ['waiting_for_notary', 'start_notarization', null],
      ['in_session', 'notary_accepted', null],
      ['notarised', 'sealed', { code: seal?.verificationCode }],
    ]);
    // The sentence stays for the readers of English (the audit trail, e-mails, exports).
    expect(into(events, 'awaiting_identity')?.reason).toBe(`Paid; receipt ${receipt?.serial}`);
    expect(into(events, 'notarised')?.reason).toBe(
      `Sealed by the notary (verification code ${seal?.verificationCode})`,
    );
    // The admin's record of the application reads the same history.
    const record = await call(t, 'GET', `/admin/applications/${app.id}`, admin.cookie);
    expect(record.statusCode).toBe(200);
    expect(record.json().statusEvents).toEqual(events);
  });

  it('keep a declining notary’s own words as a value; a request nobody takes says its minutes', async () => {
    const named = await build.notary({ online: true });
    const declined = await build.application({ status: 'ready', notaryChoice: 'named', notary: named });
    const start = (id: string, cookie: string) =>
      call(t, 'POST', `/applications/${id}/notary-request`, cookie, {});
    const requestId = (await start(declined.id, declined.owner.cookie)).json().requestId as string;
    const words = 'Not commissioned for {{count}} pages.';
    const res = await call(t, 'POST', `/notary/requests/${requestId}/decline`, named.cookie, {
      reason: words,
    });
    expect(res.statusCode).toBe(200);
    const afterDecline = into(await historyOf(declined.id, declined.owner.cookie), 'ready');
    expect(afterDecline).toMatchObject({
      reasonCode: 'declined',
      reasonParams: { reason: words },
      reason: `The notary declined: ${words}`,
    });

    const unanswered = await build.application({ status: 'ready' });
    await start(unanswered.id, unanswered.owner.cookie);
    expect(await t.app.mohar.sessionsService.expireDue(new Date(NOON_IST.getTime() + 60 * 60_000))).toBe(1);
    const minutes = String(t.config.notaryAcceptMinutes);
    expect(into(await historyOf(unanswered.id, unanswered.owner.cookie), 'ready')).toMatchObject({
      reasonCode: 'no_notary',
      reasonParams: { minutes },
      reason: `No notary accepted within ${minutes} minutes`,
    });
  });

  it('an owner reopening before payment, a session nobody is in, an account closed: each its own code', async () => {
    const reopened = await build.application({ status: 'awaiting_payment' });
    expect(
      (await call(t, 'POST', `/applications/${reopened.id}/reopen`, reopened.owner.cookie, {})).statusCode,
    ).toBe(200);
    expect((await rowsOf(reopened.id)).at(-1)).toMatchObject({ toStatus: 'draft', reasonCode: 'reopened' });

    const empty = await build.application({ status: 'in_session' });
    await failAbandonedSessions({
      db: t.db,
      io: t.app.mohar.realtime.io,
      applicationsService: t.app.mohar.applicationsService,
      minutes: 10,
      now: new Date(Date.now() + 11 * 60_000),
    });
    expect((await rowsOf(empty.id)).at(-1)).toMatchObject({
      toStatus: 'failed',
      reasonCode: 'abandoned',
      reasonParams: { minutes: '10' },
      reason: 'Nobody was in the session for 10 minutes',
    });
    // The timeline's session event carries no English note of the platform's: the status change says why.
    const sessionEvents = await call(
      t,
      'GET',
      `/applications/${empty.id}/session-events`,
      empty.owner.cookie,
    );
    expect(sessionEvents.json().events).toContainEqual(
      expect.objectContaining({ kind: 'ended_failed', actorName: 'Mohar', note: null }),
    );

    const closing = await build.application({ status: 'paid' });
    await t.app.mohar.applicationsService.closeForOwner({
      ownerId: closing.owner.id,
      reason: { code: 'consent_withdrawn' },
    });
    expect((await rowsOf(closing.id)).at(-1)).toMatchObject({
      toStatus: 'cancelled',
      reasonCode: 'consent_withdrawn',
      reasonParams: null,
      reason: 'Cancelled by Mohar: the account holder withdrew their consent.',
    });
  });

  it('a person’s own reason has no code and is kept as they wrote it, even in the words of a server reason', async () => {
    const failed = await build.application({ status: 'paid' });
    const words = 'A notary accepted the request';
    const res = await call(t, 'POST', `/admin/applications/${failed.id}/fail`, admin.cookie, {
      reason: words,
    });
    expect(res.statusCode).toBe(200);
    expect(into(await historyOf(failed.id, failed.owner.cookie), 'failed')).toMatchObject({
      reason: words,
      reasonCode: null,
      reasonParams: null,
    });
  });
});
