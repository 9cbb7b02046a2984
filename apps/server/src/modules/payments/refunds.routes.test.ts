// @engine: refund transitions under row locks, the ledger triggers and business-day dates
import {
  REFUND_CREDIT_BUSINESS_DAYS,
  REFUND_REQUEST_WINDOW_DAYS,
  REFUND_STEP_UP_THRESHOLD_PAISE,
  type Refund,
} from '@mohar/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, applications, ledgerPostings, refundRequests } from '../../db/schema.ts';
import { mailsTo } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { creditWallet, payableApplication, reconcile } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addBusinessDays } from './business-days.ts';
import { createRefundsService } from './refunds.service.ts';

const DAY_MS = 86_400_000;

let t: TestApp;
let build: Builders;
let admin: BuiltUser;
let client: BuiltUser;
let stranger: BuiltUser;

beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_DELAY_MS: '600000' } });
  build = buildersFor(t);
  admin = await build.admin();
  client = await build.user({ name: 'Meera Iyer' });
  stranger = await build.user();
});
afterAll(() => t.close());

let titles = 0;
/** A title of its own per application, so each test finds its own mails. */
const nextTitle = (label: string) => {
  titles += 1;
  return `${label} ${titles}`;
};

/** Submitted and paid in full from the wallet: the application now waits for identity checks. */
async function paidApplication(label = 'Affidavit') {
  const title = nextTitle(label);
  const app = await payableApplication(t, client, { title });
  await creditWallet(t, client.id, app.totalPaise);
  const paid = await call(t, 'POST', `/applications/${app.id}/checkout`, client.cookie, {
    walletPaise: app.totalPaise,
  });
  expect(paid.statusCode).toBe(201);
  expect(paid.json().next).toEqual({ kind: 'paid' });
  return { ...app, title };
}

const markFailed = (
  id: string,
  cookie = admin.cookie,
  body: object = { reason: 'The video call dropped.' },
) => call(t, 'POST', `/admin/applications/${id}/fail`, cookie, body);

/** Paid, then marked failed by support: the refund window is open. */
async function failedApplication(label = 'Failed affidavit') {
  const app = await paidApplication(label);
  const failed = await markFailed(app.id);
  expect(failed.statusCode).toBe(200);
  expect(failed.json().application.status).toBe('failed');
  return app;
}

const requestRefund = (id: string, cookie = client.cookie, body: object = {}) =>
  call(t, 'POST', `/applications/${id}/refund-requests`, cookie, body);

async function requestedRefund(label = 'Refunded affidavit') {
  const app = await failedApplication(label);
  const res = await requestRefund(app.id, client.cookie, { reason: 'The notary never joined.' });
  expect(res.statusCode).toBe(201);
  return { app, refund: res.json().refund as Refund };
}

const paymentView = async (id: string, cookie = client.cookie) =>
  (await call(t, 'GET', `/applications/${id}/payment`, cookie)).json();
const approve = (id: string, cookie = admin.cookie) =>
  call(t, 'POST', `/admin/refunds/${id}/approve`, cookie, {});
const reject = (id: string, body: object, cookie = admin.cookie) =>
  call(t, 'POST', `/admin/refunds/${id}/reject`, cookie, body);
const balance = async () => (await call(t, 'GET', '/wallet', client.cookie)).json().balancePaise as number;
const refundRowsOf = (applicationId: string) =>
  t.db.select().from(refundRequests).where(eq(refundRequests.applicationId, applicationId));
const refundPostingsOf = (refundId: string) =>
  t.db.select().from(ledgerPostings).where(eq(ledgerPostings.refundId, refundId));
const adminQueue = async (query = '') => {
  const res = await call(t, 'GET', `/admin/refunds?pageSize=50${query}`, admin.cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as { refunds: Refund[]; overdueCount: number; total: number };
};
/** The same refunds service as the app's, on a clock `ms` ahead: the only way to be "days later" in a test. */
const refundsLater = (ms: number) =>
  createRefundsService({
    db: t.db,
    config: t.config,
    mailer: t.app.mohar.mailer,
    notificationsService: t.app.mohar.notificationsService,
    now: () => new Date(Date.now() + ms),
  });
const applicationRow = async (id: string) => {
  const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
  if (!row) throw new Error(`no application ${id}`);
  return row;
};
const failedAtOf = async (id: string) => {
  const [event] = await t.db
    .select()
    .from(applicationEvents)
    .where(and(eq(applicationEvents.applicationId, id), eq(applicationEvents.toStatus, 'failed')))
    .orderBy(desc(applicationEvents.createdAt));
  if (!event) throw new Error('no failure event');
  expect(event.actorRole).toBe('admin');
  return event.createdAt;
};
const mailsAbout = async (subject: string, title: string) =>
  (await mailsTo(t, client.email)).filter((m) => m.subject === subject && m.text.includes(title));

describe('asking for a refund', () => {
  it('a paid application marked failed may be refunded within 5 days; the request is due in 5 business days', {
    tags: ['engine'],
  }, async () => {
    const app = await failedApplication();
    const failedAt = await failedAtOf(app.id);

    const before = await paymentView(app.id);
    expect(before).toMatchObject({
      state: 'paid',
      paidPaise: app.totalPaise,
      refundedPaise: 0,
      refund: null,
    });
    expect(before.refundEligibility).toEqual({
      allowed: true,
      reason: null,
      deadline: new Date(failedAt.getTime() + REFUND_REQUEST_WINDOW_DAYS * DAY_MS).toISOString(),
      amountPaise: app.totalPaise,
    });

    const res = await requestRefund(app.id, client.cookie, { reason: 'The notary never joined.' });
    expect(res.statusCode).toBe(201);
    const refund = res.json().refund as Refund;
    expect(refund).toMatchObject({
      applicationId: app.id,
      applicationTitle: app.title,
      clientName: 'Meera Iyer',
      clientEmail: client.email,
      amountPaise: app.totalPaise,
      status: 'requested',
      reason: 'The notary never joined.',
      decisionReason: null,
      decidedAt: null,
      isOverdue: false,
    });
    const holidays = new Set(t.config.holidays);
    expect(refund.dueAt).toBe(
      addBusinessDays(new Date(refund.requestedAt), REFUND_CREDIT_BUSINESS_DAYS, holidays).toISOString(),
    );
    // Five business days are at least a week of calendar days minus the weekend: never sooner than 5 days.
    expect(Date.parse(refund.dueAt) - Date.parse(refund.requestedAt)).toBeGreaterThan(5 * DAY_MS);

    const received = await mailsAbout('We received your refund request', app.title);
    expect(received).toHaveLength(1);
    expect(received[0]?.text).toContain('Mohar wallet');

    const after = await paymentView(app.id);
    expect(after.refund).toMatchObject({ _id: refund._id, status: 'requested' });
    expect(after.refundEligibility.allowed).toBe(false);
    expect(after.refundEligibility.reason).toContain('You asked for a refund on');
    // Nothing moved yet: the money comes only when an admin approves.
    expect(await refundPostingsOf(refund._id)).toHaveLength(0);
  });

  it('an application Mohar cancelled (not its client) may be refunded', async () => {
    const app = await paidApplication('Cancelled by Mohar');
    await t.app.mohar.applicationsService.transition({
      id: app.id,
      to: 'cancelled',
      actor: { userId: admin.id, role: 'admin', ip: null },
      reason: 'The notary withdrew from the platform.',
    });
    const view = await paymentView(app.id);
    expect(view.refundEligibility).toMatchObject({ allowed: true, amountPaise: app.totalPaise });
    const res = await requestRefund(app.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().refund).toMatchObject({ status: 'requested', amountPaise: app.totalPaise });
  });
});

describe('a refund cannot be asked for', () => {
  /** Refused with the very reason the eligibility shows the client, and nothing stored. */
  async function expectRefused(id: string, reasonPart: string) {
    const { refundEligibility } = await paymentView(id);
    expect(refundEligibility.allowed).toBe(false);
    expect(refundEligibility.reason).toContain(reasonPart);
    const res = await requestRefund(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'payments.refund_not_allowed',
      message: refundEligibility.reason,
    });
    return res;
  }

  it('for an application that was not paid', async () => {
    const { id } = await payableApplication(t, client, { title: nextTitle('Unpaid') });
    await expectRefused(id, 'Nothing was paid');
    expect(await refundRowsOf(id)).toHaveLength(0);
  });

  it('for a paid application still in progress', async () => {
    const app = await paidApplication('In progress');
    await expectRefused(app.id, 'waiting for identity checks');
    expect(await refundRowsOf(app.id)).toHaveLength(0);
  });

  it('for an application its client cancelled', async () => {
    const app = await paidApplication('Cancelled by client');
    const cancelled = await call(t, 'POST', `/applications/${app.id}/cancel`, client.cookie, {});
    expect(cancelled.statusCode).toBe(200);
    await expectRefused(app.id, 'You cancelled this application yourself');
    expect(await refundRowsOf(app.id)).toHaveLength(0);
  });

  it('more than 5 days after the failure', async () => {
    const app = await failedApplication('Too late');
    const failedAt = await failedAtOf(app.id);
    const deadline = new Date(failedAt.getTime() + REFUND_REQUEST_WINDOW_DAYS * DAY_MS);
    const deadlineText = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .format(deadline)
      .replaceAll('-', '/');
    // Six days on, the window has closed: refused, saying until when it was open, and nothing stored.
    await expect(
      refundsLater(6 * DAY_MS).request({ applicationId: app.id, userId: client.id }),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'payments.refund_not_allowed',
      message: expect.stringMatching(
        new RegExp(`within ${REFUND_REQUEST_WINDOW_DAYS} days.*ended on ${deadlineText}`),
      ),
    });
    expect(await refundRowsOf(app.id)).toHaveLength(0);
    // Four days on it could still be asked for.
    const inTime = await refundsLater(4 * DAY_MS).request({ applicationId: app.id, userId: client.id });
    expect(inTime).toMatchObject({ status: 'requested', amountPaise: app.totalPaise });
  });

  it('a second time while the first request is open', async () => {
    const { app } = await requestedRefund('Asked twice');
    await expectRefused(app.id, 'You asked for a refund on');
    expect(await refundRowsOf(app.id)).toHaveLength(1);
    expect(await mailsAbout('We received your refund request', app.title)).toHaveLength(1);
  });

  it('twice at the same moment: one request is stored, the other is refused', {
    tags: ['engine'],
  }, async () => {
    const app = await failedApplication('Asked at once');
    const results = await Promise.all([requestRefund(app.id), requestRefund(app.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('payments.refund_not_allowed');
    expect(await refundRowsOf(app.id)).toHaveLength(1);
  });
});

describe('the admin decides', () => {
  it('lists waiting requests first, soonest due first', async () => {
    await requestedRefund('Queue');
    const { refund: decided } = await requestedRefund('Queue decided');
    expect((await approve(decided._id)).statusCode).toBe(200);
    // One already past its due date (written directly: the clock cannot be turned back through the API).
    const late = await failedApplication('Queue overdue');
    const [overdue] = await t.db
      .insert(refundRequests)
      .values({
        applicationId: late.id,
        userId: client.id,
        amountPaise: late.totalPaise,
        requestedAt: new Date(Date.now() - 9 * DAY_MS),
        dueAt: new Date(Date.now() - 2 * DAY_MS),
      })
      .returning();

    const { refunds, overdueCount } = await adminQueue();
    const statuses = refunds.map((r) => r.status);
    const firstDecided = statuses.findIndex((s) => s !== 'requested');
    expect(firstDecided).toBeGreaterThan(0);
    expect(statuses.slice(firstDecided).every((s) => s !== 'requested')).toBe(true);
    const waitingDue = refunds.filter((r) => r.status === 'requested').map((r) => Date.parse(r.dueAt));
    expect(waitingDue).toEqual([...waitingDue].sort((a, b) => a - b));
    const listed = refunds.find((r) => r._id === overdue?.id);
    expect(listed).toMatchObject({
      isOverdue: true,
      applicationTitle: late.title,
      clientEmail: client.email,
    });
    expect(refunds.find((r) => r._id === decided._id)).toMatchObject({
      status: 'approved',
      isOverdue: false,
    });
    expect(overdueCount).toBeGreaterThanOrEqual(1);
    const approvedOnly = await adminQueue('&status=approved');
    expect(approvedOnly.refunds.every((r) => r.status === 'approved')).toBe(true);
    expect(approvedOnly.refunds.map((r) => r._id)).toContain(decided._id);
    // The overdue badge counts whatever the filter.
    expect(approvedOnly.overdueCount).toBe(overdueCount);
  });

  it('a waiting request becomes overdue once its due date has passed', { tags: ['engine'] }, async () => {
    const { refund } = await requestedRefund('Overdue later');
    const now = (await adminQueue()).refunds.find((r) => r._id === refund._id);
    expect(now?.isOverdue).toBe(false);
    const tenDaysOn = await refundsLater(10 * DAY_MS).list({ status: 'requested', pageSize: 50 });
    expect(tenDaysOn.refunds.find((r) => r._id === refund._id)?.isOverdue).toBe(true);
    expect(tenDaysOn.overdueCount).toBeGreaterThanOrEqual(1);
  });

  it('approving credits the wallet exactly once, however often it is sent', {
    tags: ['engine'],
  }, async () => {
    const { app, refund } = await requestedRefund('Approved');
    const before = await balance();
    const [a, b] = await Promise.all([approve(refund._id), approve(refund._id)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().refund).toMatchObject({ status: 'approved', amountPaise: app.totalPaise });
    expect(b.json().refund.status).toBe('approved');
    const again = await approve(refund._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().refund.decidedAt).toBe(a.json().refund.decidedAt);
    expect(await balance()).toBe(before + app.totalPaise);
    expect(await refundPostingsOf(refund._id)).toHaveLength(1);

    const { transactions } = (
      await call(t, 'GET', '/wallet/transactions?type=refund&pageSize=50', client.cookie)
    ).json();
    const credits = transactions.filter(
      (tx: { applicationId: string | null }) => tx.applicationId === app.id,
    );
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      type: 'refund',
      amountPaise: app.totalPaise,
      applicationTitle: app.title,
    });

    expect(await mailsAbout('Your refund is in your Mohar wallet', app.title)).toHaveLength(1);
    expect(await reconcile(t)).toEqual({ unbalanced: [], wallets: [], negative: [] });

    const view = await paymentView(app.id);
    expect(view).toMatchObject({
      state: 'refunded',
      paidPaise: app.totalPaise,
      refundedPaise: app.totalPaise,
    });
    expect(view.refund).toMatchObject({ _id: refund._id, status: 'approved' });
    expect(view.refundEligibility).toMatchObject({ allowed: false, amountPaise: 0 });
    expect(view.refundEligibility.reason).toContain('already been refunded');
    expect((await requestRefund(app.id)).statusCode).toBe(409);

    // Decided is decided: an approved refund cannot then be rejected.
    const late = await reject(refund._id, { reason: 'Changed my mind about this.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('payments.refund_decided');
    expect(await balance()).toBe(before + app.totalPaise);
  });

  it('rejecting needs a reason, stores it and mails it; a rejected request cannot then be approved', async () => {
    const { app, refund } = await requestedRefund('Rejected');
    const before = await balance();
    const short = await reject(refund._id, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect((await reject(refund._id, {})).statusCode).toBe(400);
    expect((await refundRowsOf(app.id))[0]?.status).toBe('requested');

    const reason = 'The session recording shows the notarisation was completed.';
    const res = await reject(refund._id, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().refund).toMatchObject({ status: 'rejected', decisionReason: reason, isOverdue: false });
    const [row] = await refundRowsOf(app.id);
    expect(row).toMatchObject({ status: 'rejected', decisionReason: reason, decidedBy: admin.id });
    const mails = await mailsAbout('Your refund request was not approved', app.title);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(reason);

    const approved = await approve(refund._id);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().code).toBe('payments.refund_decided');
    expect(await balance()).toBe(before);
    expect(await refundPostingsOf(refund._id)).toHaveLength(0);
    expect((await paymentView(app.id)).state).toBe('paid');
  });

  it('asks a stale admin for the password again only for refunds above ₹500 (decision 0058)', async () => {
    const finance = await build.admin({ adminRoles: ['finance'], mfa: false });
    await t.app.mohar.authService.backdateProof({ userId: finance.id, ageMs: 6 * 60_000 });
    const before = await balance();

    // At the threshold: a part refund (written directly; the API asks for what is left) is approved at once.
    const small = await failedApplication('At the threshold');
    const [atThreshold] = await t.db
      .insert(refundRequests)
      .values({
        applicationId: small.id,
        userId: client.id,
        amountPaise: REFUND_STEP_UP_THRESHOLD_PAISE,
        dueAt: new Date(),
      })
      .returning();
    if (!atThreshold) throw new Error('insert failed');
    const quick = await approve(atThreshold.id, finance.cookie);
    expect(quick.statusCode, quick.body).toBe(200);
    expect(quick.json().refund.status).toBe('approved');

    // Above it: a whole fee waits for the password, and nothing moves until then.
    const { app, refund } = await requestedRefund('Above the threshold');
    expect(app.totalPaise).toBeGreaterThan(REFUND_STEP_UP_THRESHOLD_PAISE);
    const asked = await approve(refund._id, finance.cookie);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe('auth.step_up_required');
    expect(await refundPostingsOf(refund._id)).toHaveLength(0);
    const proof = await call(t, 'POST', '/auth/step-up', finance.cookie, { password: finance.password });
    expect(proof.statusCode).toBe(200);
    expect((await approve(refund._id, finance.cookie)).json().refund.status).toBe('approved');
    expect(await balance()).toBe(before + REFUND_STEP_UP_THRESHOLD_PAISE + app.totalPaise);
  });

  it('never refunds more than was paid', async () => {
    const app = await failedApplication('Too much');
    const before = await balance();
    // A request for more than the fee (written directly: the API always asks for exactly what is left).
    const [tooMuch] = await t.db
      .insert(refundRequests)
      .values({
        applicationId: app.id,
        userId: client.id,
        amountPaise: app.totalPaise + 1,
        dueAt: new Date(),
      })
      .returning();
    if (!tooMuch) throw new Error('insert failed');
    const refused = await approve(tooMuch.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('payments.refund_not_allowed');
    expect(await refundPostingsOf(tooMuch.id)).toHaveLength(0);
    expect(await balance()).toBe(before);
    expect((await refundRowsOf(app.id))[0]?.status).toBe('requested');

    // Cleared away, the client's own request is for exactly the fee, and a second live one cannot even be stored.
    expect((await reject(tooMuch.id, { reason: 'Entered by mistake.' })).statusCode).toBe(200);
    const asked = await requestRefund(app.id);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().refund.amountPaise).toBe(app.totalPaise);
    expect((await approve(asked.json().refund._id)).statusCode).toBe(200);
    await expect(
      t.db
        .insert(refundRequests)
        .values({ applicationId: app.id, userId: client.id, amountPaise: 1, dueAt: new Date() }),
    ).rejects.toThrow();
    expect(await balance()).toBe(before + app.totalPaise);

    const overRefunded = await t.db.execute(sql`
      select r.application_id from refund_requests r
      where r.status = 'approved'
      group by r.application_id
      having sum(r.amount_paise) > (select coalesce(sum(p.amount_paise), 0) from payments p
                                    where p.application_id = r.application_id and p.status = 'paid')`);
    const rows = Array.isArray(overRefunded)
      ? overRefunded
      : ((overRefunded as { rows?: unknown[] }).rows ?? []);
    expect(rows).toEqual([]);
  });

  it('the refunded wallet pays the next application’s fee', async () => {
    const { refund } = await requestedRefund('Paid from refund');
    expect((await approve(refund._id)).statusCode).toBe(200);
    const next = await payableApplication(t, client, { title: nextTitle('Next affidavit') });
    expect(await balance()).toBeGreaterThanOrEqual(next.totalPaise);
    const before = await balance();
    const paid = await call(t, 'POST', `/applications/${next.id}/checkout`, client.cookie, {
      walletPaise: next.totalPaise,
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().next).toEqual({ kind: 'paid' });
    expect(paid.json().payment).toMatchObject({
      provider: 'wallet',
      status: 'paid',
      walletPaise: next.totalPaise,
    });
    expect(await balance()).toBe(before - next.totalPaise);
    expect((await applicationRow(next.id)).status).toBe('awaiting_identity');
  });
});

describe('marking an application failed', () => {
  it('is for admins only, on paid applications that are not finished, with a reason', async () => {
    const app = await paidApplication('Fail rules');
    const byClient = await markFailed(app.id, client.cookie);
    expect(byClient.statusCode).toBe(404);
    expect((await applicationRow(app.id)).status).toBe('awaiting_identity');

    expect((await markFailed(app.id, admin.cookie, {})).statusCode).toBe(400);
    expect((await markFailed(app.id, admin.cookie, { reason: 'bad' })).statusCode).toBe(400);
    expect((await applicationRow(app.id)).status).toBe('awaiting_identity');

    const draft = await call(t, 'POST', '/applications', client.cookie, {});
    expect(draft.statusCode).toBe(201);
    const fromDraft = await markFailed(draft.json().application._id);
    expect(fromDraft.statusCode).toBe(409);
    expect(fromDraft.json().code).toBe('applications.illegal_transition');
    const unpaid = await payableApplication(t, client, { title: nextTitle('Unpaid fail') });
    const fromUnpaid = await markFailed(unpaid.id);
    expect(fromUnpaid.statusCode).toBe(409);
    expect((await applicationRow(unpaid.id)).status).toBe('awaiting_payment');
    expect((await markFailed('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const ok = await markFailed(app.id, admin.cookie, { reason: '  The video call dropped twice.  ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().application.status).toBe('failed');
    // Once failed it is finished: it cannot be failed again.
    expect((await markFailed(app.id)).statusCode).toBe(409);
  });
});

describe('access', () => {
  it('another client sees nothing of a refund or its application; clients cannot reach the admin queue', async () => {
    const { app, refund } = await requestedRefund('Private');
    const other = await failedApplication('Private, not asked');
    expect((await requestRefund(other.id, stranger.cookie)).statusCode).toBe(404);
    expect(await refundRowsOf(other.id)).toHaveLength(0);
    expect((await call(t, 'GET', `/applications/${app.id}/payment`, stranger.cookie)).statusCode).toBe(404);

    expect((await call(t, 'GET', '/admin/refunds', client.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/admin/refunds')).statusCode).toBe(401);
    expect((await approve(refund._id, client.cookie)).statusCode).toBe(404);
    expect((await reject(refund._id, { reason: 'Not mine to decide.' }, client.cookie)).statusCode).toBe(404);
    expect((await refundRowsOf(app.id))[0]?.status).toBe('requested');
    // An admin asks for nobody: the request route is the client's.
    expect((await requestRefund(other.id, admin.cookie)).statusCode).toBe(403);

    const unknown = await approve('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('payments.refund_not_found');
    expect((await approve('not-a-uuid')).statusCode).toBe(404);

    // The admin sees the refund on the application, but eligibility is the owner's alone.
    const asAdmin = await paymentView(app.id, admin.cookie);
    expect(asAdmin.refund).toMatchObject({ _id: refund._id, status: 'requested' });
    expect(asAdmin.refundEligibility).toBeNull();
    expect(asAdmin.walletBalancePaise).toBeNull();
  });
});
