// @engine: first accept wins under one guarded UPDATE; concurrent requests and row locks
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationSignatories,
  applications,
  mailOutbox,
  notaryRequests,
  notifications,
} from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltNotary, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The app's clock: 12:00 IST on a working day unless a test moves it. */
const NOON_IST = new Date('2026-11-23T12:00:00+05:30');
let clock = NOON_IST;
let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  build = buildersFor(t);
});
afterAll(() => t.close());

type Notary = BuiltNotary;

const onlineNotary = (): Promise<Notary> => build.notary({ online: true });

/** Paid, every signatory's identity submitted: ready for a notary. */
function readyApplication(options: { namedNotary?: Notary } = {}) {
  return build.application({
    status: 'ready',
    signatories: [{ fullName: 'Suresh Nair' }, { fullName: 'Lata Nair' }],
    ...(options.namedNotary ? { notaryChoice: 'named' as const, notary: options.namedNotary } : {}),
  });
}

const start = (id: string, cookie: string) =>
  call(t, 'POST', `/applications/${id}/notary-request`, cookie, {});
const queue = async (notary: Notary) => {
  const res = await call(t, 'GET', '/notary/requests', notary.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().requests as Array<{
    _id: string;
    applicationId: string;
    signatoryCount: number;
    isForMe: boolean;
  }>;
};
const readyApplicationSignatories = async (id: string) => ({
  signatories: (
    await t.db
      .select({ email: applicationSignatories.email })
      .from(applicationSignatories)
      .where(eq(applicationSignatories.applicationId, id))
  ).map((row) => row.email),
});
const accept = (requestId: string, notary: Notary) =>
  call(t, 'POST', `/notary/requests/${requestId}/accept`, notary.cookie, {});
const statusOf = async (id: string) =>
  (await t.db.select().from(applications).where(eq(applications.id, id)))[0];
const newsFor = async (userId: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

describe('Start Notarization', () => {
  it('inside service hours asks for a notary once; a stranger cannot; an unready application cannot', async () => {
    const { id, owner } = await readyApplication();
    const stranger = await build.user();
    expect((await start(id, stranger.cookie)).statusCode).toBe(404);
    const started = await start(id, owner.cookie);
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ status: 'waiting_for_notary' });
    expect(Date.parse(started.json().expiresAt) - clock.getTime()).toBe(10 * 60_000);
    expect((await statusOf(id))?.status).toBe('waiting_for_notary');
    const again = await start(id, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('sessions.not_ready');
  });

  it('outside 10:00–20:00 IST says when the service opens, and asks nobody', async () => {
    const { id, owner } = await readyApplication();
    try {
      clock = new Date('2026-11-23T09:59:00+05:30');
      const early = await start(id, owner.cookie);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        code: 'sessions.outside_hours',
        details: { opensAt: new Date('2026-11-23T10:00:00+05:30').toISOString() },
      });
      expect(early.json().message).toBe(
        'Notarisation sessions run from 10:00 to 20:00 IST. The service opens again at 10:00 IST on Mon, 23 Nov.',
      );
      clock = new Date('2026-11-23T20:00:00+05:30');
      expect((await start(id, owner.cookie)).json().details.opensAt).toBe(
        new Date('2026-11-24T10:00:00+05:30').toISOString(),
      );
      expect((await statusOf(id))?.status).toBe('ready');
    } finally {
      clock = NOON_IST;
    }
  });

  it('a signatory can start it from their personal link', async () => {
    const { id, signatories } = await readyApplication();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/access/${signatories[0]?.token}/notary-request`,
      payload: {},
    });
    expect(res.statusCode).toBe(201);
    expect((await statusOf(id))?.status).toBe('waiting_for_notary');
  });
});

describe('the notary queue', () => {
  it('offers "first available" to verified notaries online; the first to accept gets it, atomically', {
    tags: ['engine'],
  }, async () => {
    const first = await onlineNotary();
    const second = await onlineNotary();
    const offline = await build.notary();
    const { id, owner } = await readyApplication();
    const started = await start(id, owner.cookie);
    const requestId = started.json().requestId as string;

    const seen = (await queue(first)).find((r) => r._id === requestId);
    expect(seen).toMatchObject({ applicationId: id, signatoryCount: 2, isForMe: false });
    expect((await queue(second)).some((r) => r._id === requestId)).toBe(true);
    expect((await queue(offline)).some((r) => r._id === requestId)).toBe(false);
    expect(await newsFor(first.id, 'notary_request')).toHaveLength(1);
    expect(await newsFor(offline.id, 'notary_request')).toHaveLength(0);

    const [a, b] = await Promise.all([accept(requestId, first), accept(requestId, second)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().code).toBe('sessions.request_gone');
    const winner = a.statusCode === 200 ? first : second;
    const row = await statusOf(id);
    expect(row).toMatchObject({ status: 'in_session', assignedNotaryId: winner.id });
    // It vanished from everyone's queue; the owner heard who took it.
    expect((await queue(first)).some((r) => r._id === requestId)).toBe(false);
    expect((await queue(second)).some((r) => r._id === requestId)).toBe(false);
    expect(await newsFor(owner.id, 'notary_accepted')).toHaveLength(1);
    // Every signatory is e-mailed to join now, once.
    const { signatories } = await readyApplicationSignatories(id);
    const mails = await t.db.select().from(mailOutbox);
    for (const email of signatories)
      expect(
        mails.filter((m) => m.to === email && m.subject.includes('join the video session')),
      ).toHaveLength(1);
  });

  it('a named notary alone sees the request, and declining with a reason tells the owner', async () => {
    const named = await onlineNotary();
    const other = await onlineNotary();
    const { id, owner } = await readyApplication({ namedNotary: named });
    const requestId = (await start(id, owner.cookie)).json().requestId as string;
    expect((await queue(named)).find((r) => r._id === requestId)?.isForMe).toBe(true);
    expect((await queue(other)).some((r) => r._id === requestId)).toBe(false);
    expect((await accept(requestId, other)).statusCode).toBe(404);

    const short = await call(t, 'POST', `/notary/requests/${requestId}/decline`, named.cookie, {
      reason: '',
    });
    expect(short.statusCode).toBe(400);
    const declined = await call(t, 'POST', `/notary/requests/${requestId}/decline`, named.cookie, {
      reason: 'I am not commissioned for this act.',
    });
    expect(declined.statusCode).toBe(200);
    expect((await statusOf(id))?.status).toBe('ready');
    const [news] = await newsFor(owner.id, 'notary_declined');
    expect(news?.message).toContain('I am not commissioned for this act.');
    // The participants may ask again, the same notary or anyone available.
    const anyone = await call(t, 'POST', `/applications/${id}/notary-request`, owner.cookie, {
      firstAvailable: true,
    });
    expect(anyone.statusCode).toBe(201);
    const offered = (await queue(other)).find((r) => r._id === anyone.json().requestId);
    expect(offered?.isForMe).toBe(false);
    expect(
      (await call(t, 'POST', `/applications/${id}/notary-request`, owner.cookie, { notaryId: 'x' }))
        .statusCode,
    ).toBe(400);
  });

  it('outside hours the participants can ask to be told when it opens: once, to the owner and every signatory', async () => {
    const { id, owner, signatories } = await readyApplication();
    const remind = () => call(t, 'POST', `/applications/${id}/opening-reminder`, owner.cookie, {});
    expect((await remind()).json().code).toBe('sessions.open_now');
    try {
      clock = new Date('2026-11-23T21:15:00+05:30');
      const asked = await remind();
      expect(asked.statusCode).toBe(200);
      expect(asked.json().notifyAt).toBe(new Date('2026-11-24T10:00:00+05:30').toISOString());
      expect(asked.json().message).toContain('at 10:00 IST on Tue, 24 Nov');
      // From a signatory's link as well; asking twice keeps one reminder.
      const fromLink = await t.app.inject({
        method: 'POST',
        url: `/api/v1/access/${signatories[0]?.token}/opening-reminder`,
        payload: {},
      });
      expect(fromLink.statusCode).toBe(200);
      const stranger = await build.user();
      expect(
        (await call(t, 'POST', `/applications/${id}/opening-reminder`, stranger.cookie, {})).statusCode,
      ).toBe(404);
      const sweep = t.app.mohar.sessionsService;
      expect(await sweep.sendDueReminders(new Date('2026-11-24T09:59:00+05:30'))).toBe(0);
      expect(await sweep.sendDueReminders(new Date('2026-11-24T10:00:00+05:30'))).toBe(1);
      expect(await sweep.sendDueReminders(new Date('2026-11-24T10:01:00+05:30'))).toBe(0);
      expect(await newsFor(owner.id, 'service_open')).toHaveLength(1);
      const mails = await t.db.select().from(mailOutbox);
      for (const signatory of signatories)
        expect(
          mails.filter((m) => m.to === signatory.email && m.subject.startsWith('Notaries are available')),
        ).toHaveLength(1);
    } finally {
      clock = NOON_IST;
    }
  });

  it('a notary passing on "first available" leaves it to the others', async () => {
    const passing = await onlineNotary();
    const taking = await onlineNotary();
    const { id, owner } = await readyApplication();
    const requestId = (await start(id, owner.cookie)).json().requestId as string;
    const passed = await call(t, 'POST', `/notary/requests/${requestId}/decline`, passing.cookie, {
      reason: 'Busy with another client.',
    });
    expect(passed.statusCode).toBe(200);
    expect((await queue(passing)).some((r) => r._id === requestId)).toBe(false);
    expect((await accept(requestId, passing)).statusCode).toBe(409);
    expect((await statusOf(id))?.status).toBe('waiting_for_notary');
    expect((await accept(requestId, taking)).statusCode).toBe(200);
  });

  it('after 10 minutes with nobody, the request expires, the owner is told and may ask again', {
    tags: ['engine'],
  }, async () => {
    const late = await onlineNotary();
    const { id, owner } = await readyApplication();
    const requestId = (await start(id, owner.cookie)).json().requestId as string;
    const sweep = t.app.mohar.sessionsService;
    expect(await sweep.expireDue(new Date(clock.getTime() + 9 * 60_000))).toBe(0);
    expect(await sweep.expireDue(new Date(clock.getTime() + 10 * 60_000 + 1))).toBeGreaterThanOrEqual(1);
    expect(await sweep.expireDue(new Date(clock.getTime() + 11 * 60_000))).toBe(0);
    expect((await statusOf(id))?.status).toBe('ready');
    const [news] = await newsFor(owner.id, 'notary_declined');
    expect(news?.message).toContain('No notary accepted');
    expect((await accept(requestId, late)).statusCode).toBe(409);
  });

  it('cancelling while a notary is sought withdraws the request; only verified notaries have a queue', async () => {
    const { id, owner } = await readyApplication();
    const requestId = (await start(id, owner.cookie)).json().requestId as string;
    expect((await call(t, 'POST', `/applications/${id}/cancel`, owner.cookie, {})).statusCode).toBe(200);
    const [request] = await t.db.select().from(notaryRequests).where(eq(notaryRequests.id, requestId));
    expect(request?.status).toBe('cancelled');
    const client = await build.user();
    expect((await call(t, 'GET', '/notary/requests', client.cookie)).statusCode).toBe(403);
  });
});
