// @engine: the organisation wallet's guarded debit and the locked application when two payments race
import { ACTING_AS_HEADER, gstinCheckCharacter, TRIAL_LIMITS } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema.ts';
import { API } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { payableApplication, reconcile } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { post } from '../payments/ledger.ts';
import { istMonthStart, nextMonth } from './months.ts';

let t: TestApp;
let build: Builders;
let finance: BuiltUser;
// The app's clock: real time moved forward by `offsetMs` (the trial's days pass without waiting).
let offsetMs = 0;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + offsetMs) });
  build = buildersFor(t);
  finance = await build.admin({ adminRoles: ['finance'] });
});
afterAll(() => t.close());

const gstinIn = (state: string) => {
  const first14 = `${state}AAPFU0939F1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
};

/** An organisation registered for GST in `state` (the platform's own state is config.seller.stateCode). */
async function organisation(owner: BuiltUser, state: string) {
  const res = await call(t, 'POST', '/organisations', owner.cookie, {
    legalName: `Organisation in ${state} Pvt Ltd`,
    gstin: gstinIn(state),
    billingAddress: '12 Business Park, Sector 5, 110001',
    gstState: state,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().organisation._id as string;
}

const organisationOf = new Map<string, string>();

/** An application of the organisation, submitted by `owner` (a member) and awaiting payment. */
async function organisationApplication(owner: BuiltUser, organisationId: string) {
  const built = await payableApplication(t, owner);
  await t.db.update(applications).set({ organisationId }).where(eq(applications.id, built.id));
  organisationOf.set(built.id, organisationId);
  return built;
}

const payFrom = (user: BuiltUser, applicationId: string, source: 'plan' | 'organisation_wallet') =>
  t.app.inject({
    method: 'POST',
    url: `${API}/applications/${applicationId}/organisation-payment`,
    headers: { cookie: user.cookie, [ACTING_AS_HEADER]: organisationOf.get(applicationId) ?? '' },
    payload: { source },
  });

const overview = async (user: BuiltUser, organisationId: string) => {
  const res = await call(t, 'GET', `/organisations/${organisationId}/billing`, user.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const PLAN = {
  code: 'business',
  name: 'Business',
  monthlyPaise: 100_000,
  includedNotarisations: 2,
  overagePaise: 15_000,
  active: true,
};

async function publishPlan(plan: object = PLAN) {
  const res = await call(t, 'PUT', '/admin/plans', finance.cookie, plan);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function creditOrganisationWallet(organisationId: string, amountPaise: number) {
  await t.db.transaction((tx) =>
    post(tx, {
      kind: 'refund',
      description: 'Refund for tests',
      causeKey: `test-credit:${organisationId}:${amountPaise}:${Math.random()}`,
      legs: [
        { account: 'refunds', amountPaise: -amountPaise },
        { account: 'organisation_wallet', organisationId, amountPaise },
      ],
    }),
  );
}

describe('plans', () => {
  it('finance admins publish versions of a plan; clients cannot', async () => {
    const first = await publishPlan();
    expect(first.plans).toEqual([expect.objectContaining({ ...PLAN, changedBy: expect.any(String) })]);
    const second = await publishPlan({ ...PLAN, monthlyPaise: 100_000, overagePaise: 15_000 });
    expect(second.plans).toHaveLength(1);
    expect(second.history.length).toBe(first.history.length + 1);
    const client = await build.user();
    expect((await call(t, 'PUT', '/admin/plans', client.cookie, PLAN)).statusCode).toBe(404);
    expect(
      (await call(t, 'PUT', '/admin/plans', finance.cookie, { ...PLAN, monthlyPaise: -1 })).statusCode,
    ).toBe(400);
  });
});

describe('the trial (Unpaid Access)', () => {
  it(`covers ${TRIAL_LIMITS.notarisations} notarisations, then refuses with a sentence`, async () => {
    const owner = await build.user();
    const id = await organisation(owner, '27');
    const start = await overview(owner, id);
    expect(start).toMatchObject({
      status: 'trial',
      trial: { used: 0, limit: TRIAL_LIMITS.notarisations, endedAt: null },
      plan: null,
      canManage: true,
    });
    expect(Date.parse(start.trial.endsAt) - Date.parse(start.trial.startedAt)).toBe(
      TRIAL_LIMITS.days * DAY_MS,
    );

    for (let i = 0; i < TRIAL_LIMITS.notarisations; i += 1) {
      const application = await organisationApplication(owner, id);
      const paid = await payFrom(owner, application.id, 'plan');
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json().payment).toMatchObject({ provider: 'plan', status: 'paid' });
      if (i === 0) {
        // Counted against the trial, nothing was paid: no refund turns it into money in the wallet.
        const refund = await call(
          t,
          'POST',
          `/applications/${application.id}/refund-requests`,
          owner.cookie,
          {},
        );
        expect(refund.statusCode).toBe(409);
        expect(refund.json().message).toContain('Nothing was paid');
      }
    }
    const over = await organisationApplication(owner, id);
    const refused = await payFrom(owner, over.id, 'plan');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'billing.trial_limit',
      message: expect.stringMatching(/^The trial covers 3 notarisations and all of them are used: .+\.$/),
    });
    expect((await overview(owner, id)).trial.used).toBe(TRIAL_LIMITS.notarisations);
    // Nothing was taken: the application still awaits payment.
    const [row] = await t.db.select().from(applications).where(eq(applications.id, over.id));
    expect(row?.status).toBe('awaiting_payment');
  });

  it(`ends after ${TRIAL_LIMITS.days} days`, async () => {
    const owner = await build.user();
    const id = await organisation(owner, '27');
    const application = await organisationApplication(owner, id);
    offsetMs = (TRIAL_LIMITS.days + 1) * DAY_MS;
    try {
      expect((await overview(owner, id)).status).toBe('trial_over');
      const refused = await payFrom(owner, application.id, 'plan');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'billing.trial_ended',
        message: expect.stringContaining('14-day'),
      });
    } finally {
      offsetMs = 0;
    }
  });

  it('an application that is not an organisation’s cannot be paid from a plan', async () => {
    const owner = await build.user();
    await organisation(owner, '27');
    const personal = await payableApplication(t, owner);
    const res = await payFrom(owner, personal.id, 'plan');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('billing.not_organisation_application');
  });
});

describe('subscribing', () => {
  it('through the sandbox provider starts the plan and ends the trial; only owners and admins subscribe', async () => {
    await publishPlan();
    const owner = await build.user();
    const member = await build.user();
    const id = await organisation(owner, '27');
    // The member joins by invitation, as in the organisations tests.
    await call(t, 'POST', `/organisations/${id}/invitations`, owner.cookie, {
      email: member.email,
      role: 'member',
    });
    const { latestMailTo, tokenFromMail } = await import('../../testing/accounts.ts');
    const token = tokenFromMail(
      (await latestMailTo(t, member.email))?.text ?? '',
      '/organisation-invitation/',
    );
    expect(
      (await call(t, 'POST', `/organisation-invitations/${token}/accept`, member.cookie, {})).statusCode,
    ).toBe(200);

    const byMember = await call(t, 'POST', `/organisations/${id}/subscription`, member.cookie, {
      planCode: 'business',
    });
    expect(byMember.statusCode).toBe(403);
    const unknown = await call(t, 'POST', `/organisations/${id}/subscription`, owner.cookie, {
      planCode: 'gold',
    });
    expect(unknown.json().code).toBe('billing.plan_not_found');

    const res = await call(t, 'POST', `/organisations/${id}/subscription`, owner.cookie, {
      planCode: 'business',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().next).toEqual({ kind: 'active' });
    const after = res.json().overview;
    expect(after).toMatchObject({ status: 'active', plan: { code: 'business' }, pendingPlan: null });
    expect(after.trial.endedAt).not.toBeNull();
    expect((await overview(member, id)).canManage).toBe(false);

    // Beyond the trial's limit now: the plan covers every notarisation (those past its included ones are billed).
    for (let i = 0; i < TRIAL_LIMITS.notarisations + 1; i += 1) {
      const application = await organisationApplication(owner, id);
      expect((await payFrom(owner, application.id, 'plan')).statusCode).toBe(201);
    }
    expect((await overview(owner, id)).month).toMatchObject({
      used: TRIAL_LIMITS.notarisations + 1,
      included: 2,
    });
    const again = await call(t, 'POST', `/organisations/${id}/subscription`, owner.cookie, {
      planCode: 'business',
    });
    expect(again.json().code).toBe('billing.already_subscribed');
  });
});

describe('monthly GST invoices', () => {
  it('split CGST + SGST within the platform’s state and IGST across states; the month-end run invoices once', async () => {
    await publishPlan();
    const sellerState = t.config.seller.stateCode;
    const otherState = sellerState === '27' ? '29' : '27';
    const intraOwner = await build.user();
    const interOwner = await build.user();
    const intra = await organisation(intraOwner, sellerState);
    const inter = await organisation(interOwner, otherState);
    for (const [owner, id] of [
      [intraOwner, intra],
      [interOwner, inter],
    ] as const)
      expect(
        (await call(t, 'POST', `/organisations/${id}/subscription`, owner.cookie, { planCode: 'business' }))
          .statusCode,
      ).toBe(200);
    // Three notarisations this month on a plan that includes two: one billed at ₹150.
    for (let i = 0; i < 3; i += 1) {
      const application = await organisationApplication(intraOwner, intra);
      expect((await payFrom(intraOwner, application.id, 'plan')).statusCode).toBe(201);
    }

    const month = (await overview(intraOwner, intra)).month.month as string;
    const monthEnd = istMonthStart(nextMonth(month));
    const { invoicesService } = t.app.mohar.billing;
    const first = await invoicesService.runMonthEnd(new Date(monthEnd.getTime() + 60_000));
    expect(first.month).toBe(month);
    const second = await invoicesService.runMonthEnd(new Date(monthEnd.getTime() + 3_600_000));
    expect(second.issued).toBe(0);

    const intraInvoices = (await call(t, 'GET', `/organisations/${intra}/invoices`, intraOwner.cookie)).json()
      .invoices;
    expect(intraInvoices).toHaveLength(1);
    // ₹1,000 plan + ₹150 beyond it = ₹1,150; CGST 9% ₹103.50 + SGST 9% ₹103.50.
    expect(intraInvoices[0]).toMatchObject({
      month,
      number: expect.stringMatching(/^MOH\/ORG\/\d{4}-\d{2}\/\d{6}$/),
      taxablePaise: 115_000,
      cgstPaise: 10_350,
      sgstPaise: 10_350,
      igstPaise: 0,
      totalPaise: 135_700,
      supply: 'intra_state',
      placeOfSupply: sellerState,
    });
    expect(intraInvoices[0].lines).toEqual([
      expect.objectContaining({ code: 'plan', quantity: 1, amountPaise: 100_000 }),
      expect.objectContaining({ code: 'usage', quantity: 1, unitPaise: 15_000, amountPaise: 15_000 }),
    ]);
    const interInvoices = (await call(t, 'GET', `/organisations/${inter}/invoices`, interOwner.cookie)).json()
      .invoices;
    expect(interInvoices).toHaveLength(1);
    expect(interInvoices[0]).toMatchObject({
      taxablePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
      totalPaise: 118_000,
      supply: 'inter_state',
    });
    expect(interInvoices[0].number).not.toBe(intraInvoices[0].number);

    const download = await call(
      t,
      'GET',
      `/organisations/${intra}/invoices/${intraInvoices[0]._id}/download`,
      intraOwner.cookie,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/html');
    expect(download.body).toContain(intraInvoices[0].number);
    expect(download.body).toContain('CGST 9%');

    // Another organisation's owner: the invoices do not exist for them.
    expect((await call(t, 'GET', `/organisations/${intra}/invoices`, interOwner.cookie)).statusCode).toBe(
      404,
    );
    const foreign = await call(
      t,
      'GET',
      `/organisations/${intra}/invoices/${intraInvoices[0]._id}/download`,
      interOwner.cookie,
    );
    expect(foreign.statusCode).toBe(404);
    const crossed = await call(
      t,
      'GET',
      `/organisations/${inter}/invoices/${intraInvoices[0]._id}/download`,
      interOwner.cookie,
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().code).toBe('billing.invoice_not_found');
  });
});

describe('paying from the organisation wallet', () => {
  it('debits it once, also under two concurrent requests, and refuses what it cannot cover', {
    tags: ['engine'],
  }, async () => {
    const owner = await build.user();
    const id = await organisation(owner, '27');
    const first = await organisationApplication(owner, id);
    const second = await organisationApplication(owner, id);
    // Enough for one fee, not two.
    await creditOrganisationWallet(id, first.totalPaise + 100);
    const walletOf = async () =>
      (await call(t, 'GET', `/organisations/${id}/wallet`, owner.cookie)).json().balancePaise as number;

    const options = await call(t, 'GET', `/applications/${first.id}/organisation-payment`, owner.cookie);
    expect(options.json()).toMatchObject({
      organisationId: id,
      feePaise: first.totalPaise,
      wallet: { covers: true, balancePaise: first.totalPaise + 100 },
      plan: { status: 'trial', refusal: null, remaining: TRIAL_LIMITS.notarisations },
    });

    const twice = await Promise.all([
      payFrom(owner, first.id, 'organisation_wallet'),
      payFrom(owner, first.id, 'organisation_wallet'),
    ]);
    expect(twice.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await walletOf()).toBe(100);

    const short = await payFrom(owner, second.id, 'organisation_wallet');
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'billing.wallet_short',
      message: expect.stringContaining('₹1.00'),
    });
    expect(await walletOf()).toBe(100);
    expect(await reconcile(t)).toEqual({ unbalanced: [], wallets: [], negative: [] });
  });

  it('two concurrent payments of two applications take the one balance once', async () => {
    const owner = await build.user();
    const id = await organisation(owner, '27');
    const a = await organisationApplication(owner, id);
    const b = await organisationApplication(owner, id);
    await creditOrganisationWallet(id, a.totalPaise);
    const results = await Promise.all([
      payFrom(owner, a.id, 'organisation_wallet'),
      payFrom(owner, b.id, 'organisation_wallet'),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((res) => res.statusCode === 409)?.json().code).toBe('billing.wallet_short');
    expect((await call(t, 'GET', `/organisations/${id}/wallet`, owner.cookie)).json().balancePaise).toBe(0);
  });
});
