// @engine: the notifications outbox claimed with a lease; JSON payloads
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { creditWallet, payableApplication } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

type Client = BuiltUser;

async function paid(client: Client, title: string) {
  const app = await payableApplication(t, client, { title });
  await creditWallet(t, client.id, app.totalPaise);
  const res = await call(t, 'POST', `/applications/${app.id}/checkout`, client.cookie, {
    walletPaise: app.totalPaise,
  });
  expect(res.statusCode).toBe(201);
  return app;
}

const feed = async (client: Client, query = '') => {
  const res = await call(t, 'GET', `/notifications${query}`, client.cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('the notification feed', () => {
  it('tells the owner of a payment and of a change made by someone else, with the application-view path', {
    tags: ['engine'],
  }, async () => {
    const client = await build.user();
    const admin = await build.admin();
    const app = await paid(client, 'Sale deed, Kothrud');
    const failed = await call(t, 'POST', `/admin/applications/${app.id}/fail`, admin.cookie, {
      reason: 'The video call dropped.',
    });
    expect(failed.statusCode).toBe(200);

    const { notifications: list, unreadCount, total } = await feed(client);
    expect(total).toBe(2);
    expect(unreadCount).toBe(2);
    // Newest first.
    expect(list.map((n: { kind: string }) => n.kind)).toEqual(['application_status', 'payment_succeeded']);
    expect(list[0]).toMatchObject({
      userId: client.id,
      applicationId: app.id,
      message: `“Sale deed, Kothrud” is now failed. application-view/${app.id}`,
      readAt: null,
    });
    expect(list[1].message).toContain(`application-view/${app.id}`);
    // Nobody else hears of it.
    expect((await feed(admin as Client)).total).toBe(0);
  });

  it('does not tell owners what they did themselves', async () => {
    const client = await build.user();
    const app = await payableApplication(t, client, { title: 'Own cancel' });
    const cancelled = await call(t, 'POST', `/applications/${app.id}/cancel`, client.cookie, {});
    expect(cancelled.statusCode).toBe(200);
    expect((await feed(client)).total).toBe(0);
  });

  it('pages newest first, and marks some or all read, only ever the caller’s', async () => {
    const client = await build.user();
    const other = await build.user();
    const service = t.app.mohar.notificationsService;
    await service.notify(
      t.db,
      Array.from({ length: 25 }, (_, i) => ({
        userId: client.id,
        kind: 'application_status' as const,
        text: `Event ${i + 1}`,
      })),
    );
    await service.notify(t.db, { userId: other.id, kind: 'application_status', text: 'Theirs' });

    const first = await feed(client, '?page=1&pageSize=10');
    expect(first).toMatchObject({ page: 1, totalPages: 3, total: 25, unreadCount: 25 });
    expect(first.notifications[0].message).toBe('Event 25');
    const last = await feed(client, '?page=3&pageSize=10');
    expect(last.notifications.map((n: { message: string }) => n.message)).toEqual([
      'Event 5',
      'Event 4',
      'Event 3',
      'Event 2',
      'Event 1',
    ]);

    const theirs = (await feed(other)).notifications[0]._id;
    const some = await call(t, 'POST', '/notifications/read', client.cookie, {
      ids: [first.notifications[0]._id, first.notifications[1]._id, theirs],
    });
    expect(some.json()).toEqual({ updated: 2, unreadCount: 23 });
    expect((await feed(other)).unreadCount).toBe(1);
    const all = await call(t, 'POST', '/notifications/read', client.cookie, { all: true });
    expect(all.json()).toEqual({ updated: 23, unreadCount: 0 });
    const again = await call(t, 'POST', '/notifications/read', client.cookie, { all: true });
    expect(again.json()).toEqual({ updated: 0, unreadCount: 0 });
  });

  it('catches a client up on what came after the last one it saw, oldest first', {
    tags: ['engine'],
  }, async () => {
    const client = await build.user();
    const other = await build.user();
    const service = t.app.mohar.notificationsService;
    await service.notify(t.db, { userId: client.id, kind: 'application_status', text: 'Seen' });
    const seen = (await feed(client)).notifications[0]._id;
    await service.notify(t.db, [
      { userId: client.id, kind: 'application_status', text: 'Missed 1' },
      { userId: other.id, kind: 'application_status', text: 'Not yours' },
      { userId: client.id, kind: 'application_status', text: 'Missed 2' },
    ]);
    const missed = await feed(client, `?after=${seen}`);
    expect(missed.notifications.map((n: { message: string }) => n.message)).toEqual(['Missed 1', 'Missed 2']);
    // Another user's id is no place to start from.
    const theirs = (await feed(other)).notifications[0]._id;
    const refused = await call(t, 'GET', `/notifications?after=${theirs}`, client.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('notifications.not_found');
  });

  it('a change that rolls back leaves no notification behind', { tags: ['engine'] }, async () => {
    const client = await build.user();
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.mohar.notificationsService.notify(tx, {
          userId: client.id,
          kind: 'application_status',
          text: 'Never happened',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.app.mohar.notificationsService.dispatch();
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, client.id))).toEqual([]);
  });

  it('a request reaches notaries only while they are verified and online; approval itself is news to the notary', async () => {
    const admin = await build.admin();
    const online = await build.notary({ approvedBy: admin });
    const offline = await build.notary({ approvedBy: admin });
    // Every onboarding step done, not yet submitted.
    const pending = await build.notary({ status: 'draft' });
    const goOnline = await call(t, 'PUT', '/notary/availability', online.cookie, { isOnline: true });
    expect(goOnline.statusCode).toBe(200);
    const requestsOf = async (notary: { cookie: string }) =>
      (await feed(notary as Client)).notifications.filter(
        (n: { kind: string }) => n.kind === 'notary_request',
      );
    const offer = (text: string) =>
      t.db.transaction((tx) =>
        t.app.mohar.notificationsService.notifyAvailableNotaries(tx, { kind: 'notary_request', text }),
      );

    expect(await offer('A client is waiting: affidavit, 1 signatory.')).toContain(online.id);
    expect(await requestsOf(online)).toHaveLength(1);
    expect(await requestsOf(offline)).toHaveLength(0);
    expect(await requestsOf(pending)).toHaveLength(0);
    expect((await feed(offline as Client)).notifications[0]).toMatchObject({
      kind: 'notary_verification',
      message: 'Your notary profile is verified: you can go online and take requests.',
    });

    await call(t, 'PUT', '/notary/availability', online.cookie, { isOnline: false });
    expect(await offer('Another client is waiting.')).not.toContain(online.id);
    expect(await requestsOf(online)).toHaveLength(1);
  });

  it('in development a signed-in user can send themselves a test notification', async () => {
    const client = await build.user();
    expect((await call(t, 'POST', '/dev/notifications', undefined, { text: 'Hello' })).statusCode).toBe(401);
    expect((await call(t, 'POST', '/dev/notifications', client.cookie, { text: '' })).statusCode).toBe(400);
    const sent = await call(t, 'POST', '/dev/notifications', client.cookie, { text: 'Testing the bell' });
    expect(sent.statusCode).toBe(201);
    expect((await feed(client)).notifications[0]).toMatchObject({
      message: 'Testing the bell',
      userId: client.id,
    });
  });

  it('refuses bad input with a clear 4xx and needs a session', async () => {
    const client = await build.user();
    const anonymous = await call(t, 'GET', '/notifications');
    expect(anonymous.statusCode).toBe(401);
    for (const body of [{}, { ids: [] }, { ids: ['not-an-id'] }, { all: false }, { all: true, extra: 1 }]) {
      const res = await call(t, 'POST', '/notifications/read', client.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await call(t, 'GET', '/notifications?pageSize=500', client.cookie)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/notifications?unknown=1', client.cookie)).statusCode).toBe(400);
  });

  it('an important event for someone with no live connection is also e-mailed, once', {
    tags: ['engine'],
  }, async () => {
    const client = await build.user();
    const service = t.app.mohar.notificationsService;
    await service.notify(t.db, {
      userId: client.id,
      kind: 'document_sealed',
      text: 'Your document is notarised.',
      isImportant: true,
    });
    await service.notify(t.db, { userId: client.id, kind: 'application_status', text: 'Minor news.' });
    await service.dispatch();
    await service.dispatch();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.email));
    expect(mails.filter((m) => m.subject === 'Your document is notarised.')).toHaveLength(1);
    expect(mails.filter((m) => m.subject === 'Minor news.')).toHaveLength(0);
  });
});
