import { type AdminDashboard, adminDashboardQueues } from '@mohar/contracts';
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
  // The real clock: today's counts are of rows stamped by the database now.
  t = await createTestApp({ env: { SERVICE_HOURS_ALWAYS_OPEN: 'true' } });
  build = buildersFor(t);
  admin = await build.admin();
});
afterAll(() => t.close());

const counts = async () => {
  const res = await call(t, 'GET', '/admin/dashboard', admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminDashboard;
};

/** Every row of a queue the dashboard links to, page by page, as the screen would read it. */
async function queueRows(api: string, query: Record<string, string>) {
  const rows: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page += 1) {
    const search = new URLSearchParams({ ...query, page: String(page), pageSize: '50' });
    const isPaged = !api.startsWith('/admin/sessions') && !api.startsWith('/admin/seals');
    const res = await call(t, 'GET', isPaged ? `${api}?${search}` : api, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Record<string, unknown>;
    const list = Object.values(body).find(Array.isArray) as Array<Record<string, unknown>>;
    rows.push(...list);
    if (!isPaged || page >= Number(body.totalPages)) return rows;
  }
}

describe('the admin dashboard (issues 19 and 22)', () => {
  it('counts notaries waiting, refunds due, sessions live and failed seals as they happen', async () => {
    const before = await counts();
    await build.notary({ status: 'pending' });
    expect((await counts()).notariesWaiting).toBe(before.notariesWaiting + 1);

    // A live session whose seal fails (the builder's notary has a placeholder certificate): live, and an alarm.
    const session = await build.liveSession({ status: 'signed' });
    const sealed = await call(t, 'POST', `/sessions/${session.id}/seal`, session.notary.cookie, {});
    expect(sealed.statusCode).toBeGreaterThanOrEqual(400);
    const during = await counts();
    expect(during.sessionsLive).toBe(before.sessionsLive + 1);
    expect(during.sealsFailed).toBe(before.sealsFailed + 1);

    // The session ends as failed: no longer live, its failed seal no longer work to do; its client asks for a
    // refund, which is now due.
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
    expect(after.sealsFailed).toBe(before.sealsFailed);
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

  it('counts today’s applications, revenue and completed acts, and each count equals the queue it links to', async () => {
    const before = await counts();
    // Something in every queue, besides what the test above left: a notary waiting, a live session with a failed
    // seal, and today's draft, paid and notarised applications.
    await build.notary({ status: 'pending' });
    const session = await build.liveSession({ status: 'signed' });
    await call(t, 'POST', `/sessions/${session.id}/seal`, session.notary.cookie, {});
    await build.application();
    const paid = await build.application({ status: 'paid' });
    const sealed = await build.application({ status: 'sealed' });
    const dashboard = await counts();
    // The live session was made today too.
    expect(dashboard.applicationsToday).toBe(before.applicationsToday + 4);
    expect(dashboard.actsCompletedToday).toBe(before.actsCompletedToday + 1);
    expect(dashboard.revenueTodayPaise).toBe(
      before.revenueTodayPaise +
        (session.totalPaise ?? 0) +
        (paid.totalPaise ?? 0) +
        (sealed.totalPaise ?? 0),
    );

    const queues = adminDashboardQueues(dashboard.today);
    const measured: Record<string, number> = {};
    for (const [key, queue] of Object.entries(queues)) {
      const rows = await queueRows(queue.api, queue.query);
      measured[key] =
        key === 'revenueTodayPaise'
          ? rows.reduce((sum, row) => sum + Number(row.totalPaise), 0)
          : rows.length;
      if (key === 'refundsDue') measured.refundsOverdue = rows.filter((row) => row.isOverdue).length;
      if (key === 'ticketsOpen') measured.ticketsLate = rows.filter((row) => row.isResponseLate).length;
    }
    const { today: _today, ...numbers } = dashboard;
    expect(measured).toEqual(numbers);
    const empty = Object.entries(numbers).filter(([key, n]) => n === 0 && key !== 'refundsOverdue');
    expect(empty).toEqual([]);
  });

  it('is the admin’s alone', async () => {
    const client = await build.user();
    const notary = await build.notary();
    expect((await call(t, 'GET', '/admin/dashboard')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/admin/dashboard', client.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/admin/dashboard', notary.cookie)).statusCode).toBe(404);
  });
});
