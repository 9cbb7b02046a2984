import { LOCKED_EMAIL_KINDS, PREFERENCE_KINDS } from '@mohar/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

const choose = (cookie: string, preferences: object[]) =>
  call(t, 'PUT', '/profile/notifications', cookie, { preferences });
const feedOf = (userId: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const mailsWithSubject = async (to: string, subject: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.subject === subject);

describe('notification preferences per kind (issue 26)', () => {
  it('lists every kind, both ways on, with security and legal e-mails locked', async () => {
    const user = await build.user();
    const res = await call(t, 'GET', '/profile/notifications', user.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json().preferences as Array<{
      kind: string;
      inApp: boolean;
      email: boolean;
      emailLocked: boolean;
    }>;
    expect(list.map((p) => p.kind)).toEqual([...PREFERENCE_KINDS]);
    expect(list.every((p) => p.inApp && p.email)).toBe(true);
    expect(list.filter((p) => p.emailLocked).map((p) => p.kind)).toEqual(
      PREFERENCE_KINDS.filter((kind) => LOCKED_EMAIL_KINDS.includes(kind)),
    );
    expect(LOCKED_EMAIL_KINDS).toEqual(expect.arrayContaining(['security', 'legal']));
    expect((await call(t, 'GET', '/profile/notifications')).statusCode).toBe(401);
  });

  it('refuses to turn off a security or legal e-mail, and saves nothing of that request', async () => {
    const user = await build.user();
    for (const kind of LOCKED_EMAIL_KINDS) {
      const res = await choose(user.cookie, [
        { kind: 'payment_failed', inApp: false, email: false },
        { kind, inApp: true, email: false },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('notifications.preference_locked');
    }
    const list = (await call(t, 'GET', '/profile/notifications', user.cookie)).json().preferences;
    expect(list.find((p: { kind: string }) => p.kind === 'payment_failed')).toMatchObject({
      inApp: true,
      email: true,
    });
    // Its feed may still be switched off.
    const feedOff = await choose(user.cookie, [{ kind: 'document_sealed', inApp: false, email: true }]);
    expect(feedOff.statusCode).toBe(200);
    expect(
      feedOff.json().preferences.find((p: { kind: string }) => p.kind === 'document_sealed'),
    ).toMatchObject({
      inApp: false,
      email: true,
      emailLocked: true,
    });
    expect((await choose(user.cookie, [{ kind: 'no_such_kind', inApp: true, email: true }])).statusCode).toBe(
      400,
    );
    expect(
      (await call(t, 'PUT', '/profile/notifications', user.cookie, { preferences: [], extra: 1 })).statusCode,
    ).toBe(400);
  });

  it('a kind turned off in the feed is not written there; other kinds and other people are', async () => {
    const user = await build.user();
    const other = await build.user();
    expect(
      (await choose(user.cookie, [{ kind: 'application_status', inApp: false, email: true }])).statusCode,
    ).toBe(200);
    const service = t.app.mohar.notificationsService;
    await service.notify(t.db, [
      { userId: user.id, kind: 'application_status', text: 'Status news.' },
      { userId: user.id, kind: 'payment_succeeded', text: 'Paid.' },
      { userId: other.id, kind: 'application_status', text: 'Status news.' },
    ]);
    expect(await feedOf(user.id, 'application_status')).toHaveLength(0);
    expect(await feedOf(user.id, 'payment_succeeded')).toHaveLength(1);
    expect(await feedOf(other.id, 'application_status')).toHaveLength(1);
  });

  it('the e-mail of an important kind goes only to people who want it by e-mail, even with the feed off', async () => {
    const quiet = await build.user();
    const feedOnly = await build.user();
    const mailOnly = await build.user();
    await choose(quiet.cookie, [{ kind: 'refund_approved', inApp: true, email: false }]);
    await choose(feedOnly.cookie, [{ kind: 'refund_approved', inApp: true, email: true }]);
    await choose(mailOnly.cookie, [{ kind: 'refund_approved', inApp: false, email: true }]);
    const service = t.app.mohar.notificationsService;
    for (const user of [quiet, feedOnly, mailOnly])
      await service.notify(t.db, {
        userId: user.id,
        kind: 'refund_approved',
        text: 'Refund approved.',
        isImportant: true,
      });
    await service.dispatch();
    await service.dispatch();
    expect(await mailsWithSubject(quiet.email, 'Refund approved.')).toHaveLength(0);
    expect(await feedOf(quiet.id, 'refund_approved')).toHaveLength(1);
    expect(await mailsWithSubject(feedOnly.email, 'Refund approved.')).toHaveLength(1);
    expect(await mailsWithSubject(mailOnly.email, 'Refund approved.')).toHaveLength(1);
    expect(await feedOf(mailOnly.id, 'refund_approved')).toHaveLength(0);
  });
});
