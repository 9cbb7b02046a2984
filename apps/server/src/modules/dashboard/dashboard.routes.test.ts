import type { AdminDashboard } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  admin = await build.admin();
});
afterAll(() => t.close());

const counts = async () => {
  const res = await call(t, 'GET', '/admin/dashboard', admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminDashboard;
};

describe('the admin dashboard (issue 19)', () => {
  it('counts notaries waiting, refunds due, sessions live and failed seals as they happen', async () => {
    const before = await counts();
    await build.notary({ status: 'pending' });
    expect((await counts()).notariesWaiting).toBe(before.notariesWaiting + 1);

    // A live session whose seal fails (the builder's notary has a placeholder certificate): live, and an alarm.
    const session = await build.liveSession({ status: 'signed', recording: 'finished' });
    const sealed = await call(t, 'POST', `/sessions/${session.id}/seal`, session.notary.cookie, {});
    expect(sealed.statusCode).toBeGreaterThanOrEqual(400);
    const during = await counts();
    expect(during.sessionsLive).toBe(before.sessionsLive + 1);
    expect(during.sealsFailed).toBe(before.sealsFailed + 1);

    // The session ends as failed: no longer live; its client asks for a refund, which is now due.
    const failed = await call(t, 'POST', `/sessions/${session.id}/fail`, session.notary.cookie, {
      reason: 'The document could not be sealed.',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const refund = await call(
      t,
      'POST',
      `/applications/${session.id}/refund-requests`,
      session.owner.cookie,
      {
        reason: 'The session failed.',
      },
    );
    expect(refund.statusCode, refund.body).toBe(201);
    const after = await counts();
    expect(after.sessionsLive).toBe(before.sessionsLive);
    expect(after.refundsDue).toBe(before.refundsDue + 1);
    expect(after.refundsOverdue).toBe(before.refundsOverdue);
  });

  it('counts support tickets to handle, and those unanswered past one working day of service hours', async () => {
    const before = await counts();
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      remoteAddress: '10.5.0.1',
      payload: {
        name: 'Asha Verma',
        email: 'asha@example.in',
        topic: 'other',
        message: 'Where is my receipt?',
      },
    });
    expect(filed.statusCode).toBe(201);
    expect(await counts()).toMatchObject({
      ticketsOpen: before.ticketsOpen + 1,
      ticketsLate: before.ticketsLate,
    });
    // Filed three days before the app's clock (noon IST on 23 November): 32 service hours without a reply.
    await t.db
      .update(supportTickets)
      .set({ createdAt: new Date('2026-11-20T10:00:00+05:30') })
      .where(eq(supportTickets.reference, filed.json().reference));
    expect(await counts()).toMatchObject({
      ticketsOpen: before.ticketsOpen + 1,
      ticketsLate: before.ticketsLate + 1,
    });
  });

  it('is the admin’s alone', async () => {
    const client = await build.user();
    const notary = await build.notary();
    expect((await call(t, 'GET', '/admin/dashboard')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/admin/dashboard', client.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/admin/dashboard', notary.cookie)).statusCode).toBe(404);
  });
});
