// @engine: the view and the list are one statement each, sent on PGlite as kept (named) statements
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { creditWallet, payableApplication } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { FEE_SETTINGS_CACHE_MS } from '../fees/fee-settings.service.ts';

let t: TestApp;
let build: Builders;
let owner: BuiltUser;
let admin: BuiltUser;
// The app's clock: moved on to let another process's cached fee settings expire.
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  build = buildersFor(t);
  owner = await build.user();
  admin = await build.admin();
});
afterAll(() => t.close());

/**
 * The statements one GET sends to the database, counted at the driver on the real engine. The fewest of three tries:
 * a background job's tick (every 15 s) may land inside one of them, never inside all three.
 */
async function statementsOf(url: string, cookie: string) {
  // The mail the set-up queued (an approval, a welcome) is sent first: on a loaded machine its sending outlasted all
  // three tries (stop 38's run).
  await t.app.mohar.mailer.sendDue();
  let fewest: string[] | null = null;
  for (let i = 0; i < 3; i++) {
    const from = t.database.queries.statements.length;
    const res = await call(t, 'GET', url, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const sent = t.database.queries.statements.slice(from);
    if (!fewest || sent.length < fewest.length) fewest = sent;
  }
  return fewest ?? [];
}

// The session a cookie names is kept a few seconds once looked up (modules/auth/session-cache.ts): of three reads in a
// row the fewest statements are those of a read that found it there.
describe('signed-in reads are one or two statements, the session found in its cache', {
  tags: ['engine'],
}, () => {
  it('GET /session sends no statement while the session is cached', async () => {
    expect(await statementsOf('/session', owner.cookie)).toHaveLength(0);
  });

  it('GET /applications: one statement for the page and its total', async () => {
    const notary = await build.notary({ approvedBy: admin });
    await build.application({ owner, notaryChoice: 'named', notary });
    await build.application({ owner });
    await build.application({ owner, status: 'submitted' });
    const sent = await statementsOf('/applications', owner.cookie);
    expect(sent, sent.join('\n')).toHaveLength(1);
    const res = await call(t, 'GET', '/applications?pageSize=2', owner.cookie);
    expect(res.json()).toMatchObject({ total: 3, page: 1, totalPages: 2 });
    expect(res.json().applications).toHaveLength(2);
    // The first page and the later ones are different statements (decision 0087): together they list each once.
    const second = await call(t, 'GET', '/applications?pageSize=2&page=2', owner.cookie);
    expect(second.json()).toMatchObject({ total: 3, page: 2, totalPages: 2 });
    const ids = [...res.json().applications, ...second.json().applications].map(
      (a: { _id: string }) => a._id,
    );
    expect(new Set(ids).size).toBe(3);
  });

  it('GET /applications past the last page still knows the total', async () => {
    const res = await call(t, 'GET', '/applications?page=9', owner.cookie);
    expect(res.json()).toMatchObject({ applications: [], page: 9 });
    expect(res.json().total).toBeGreaterThan(0);
    const drafts = (await call(t, 'GET', '/applications?status=draft', owner.cookie)).json().total;
    const beyond = await call(t, 'GET', '/applications?page=9&status=draft&search=%25', owner.cookie);
    expect(beyond.json()).toMatchObject({ applications: [], total: 0 });
    const filtered = await call(t, 'GET', '/applications?page=9&status=draft', owner.cookie);
    expect(filtered.json()).toMatchObject({ applications: [], total: drafts });
    expect(drafts).toBeGreaterThan(0);
  });

  it('GET /applications/:id: the application alone (a draft without a notary)', async () => {
    const { id } = await build.application({ owner, notaryChoice: null });
    const sent = await statementsOf(`/applications/${id}`, owner.cookie);
    expect(sent, sent.join('\n')).toHaveLength(1);
  });

  it('GET /applications/:id with its notary chosen: one statement, the card kept by the row version', async () => {
    const notary = await build.notary({ approvedBy: admin });
    const { id } = await build.application({ owner, notaryChoice: 'named', notary });
    const sent = await statementsOf(`/applications/${id}`, owner.cookie);
    expect(sent, sent.join('\n')).toHaveLength(1);
  });
});

describe("an application's payment view: the application once, then one statement for the rest", {
  tags: ['engine'],
}, () => {
  it('before payment: the row the access check read, then the money, payments, refund and wallet at once', async () => {
    const { id } = await build.application({ owner, status: 'awaiting_payment' });
    const sent = await statementsOf(`/applications/${id}/payment`, owner.cookie);
    const applicationReads = sent.filter((statement) => statement.includes('application_signatories'));
    expect(applicationReads, sent.join('\n')).toHaveLength(1);
    expect(sent, sent.join('\n')).toHaveLength(2);
  });

  it('paid, failed and a refund asked for: still two, and the view shows each of them as it was written', async () => {
    const client = await build.user({ name: 'Farah Khan' });
    const app = await payableApplication(t, client, { title: 'Payment view in one read' });
    await creditWallet(t, client.id, app.totalPaise + 12_345);
    const paid = await call(t, 'POST', `/applications/${app.id}/checkout`, client.cookie, {
      walletPaise: app.totalPaise,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const failed = await call(t, 'POST', `/admin/applications/${app.id}/fail`, admin.cookie, {
      reason: 'The video call dropped.',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const asked = await call(t, 'POST', `/applications/${app.id}/refund-requests`, client.cookie, {
      reason: 'The notary never joined.',
    });
    expect(asked.statusCode, asked.body).toBe(201);

    // The failure and the refund request start background work of their own (mails, the recording's jobs): only
    // statements on the application's and the payments' tables are this read's.
    const sent = (await statementsOf(`/applications/${app.id}/payment`, client.cookie)).filter((statement) =>
      /"(applications|payments|receipts|refund_requests|wallet_balances)"/.test(statement),
    );
    expect(sent, sent.join('\n')).toHaveLength(2);
    const view = (await call(t, 'GET', `/applications/${app.id}/payment`, client.cookie)).json();
    expect(view).toMatchObject({
      state: 'paid',
      paidPaise: app.totalPaise,
      refundedPaise: 0,
      walletBalancePaise: 12_345,
      refund: asked.json().refund,
      refundEligibility: { allowed: false, amountPaise: app.totalPaise },
    });
    expect(view.payments).toHaveLength(1);
    expect(view.payments[0]).toMatchObject({
      status: 'paid',
      provider: 'wallet',
      amountPaise: app.totalPaise,
      walletPaise: app.totalPaise,
      receipt: { totalPaise: app.totalPaise },
    });
    // Timestamps travel inside the statement as JSON text: they come back as the same instants.
    expect(Date.parse(view.payments[0].paidAt)).toBeGreaterThanOrEqual(
      Date.parse(view.payments[0].createdAt),
    );
    expect(view.payments[0].receipt.issuedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // Anyone else finds nothing there.
    const other = await build.user();
    const hidden = await call(t, 'GET', `/applications/${app.id}/payment`, other.cookie);
    expect(hidden.statusCode).toBe(404);
  });
});

// The notaries service keeps the card of an application's notary under their row's version, which the view's own
// statement reads: a change by any process shows in the next view, with nothing to expire or drop.
describe("the notary's card in an application view follows every change to the notary", {
  tags: ['engine'],
}, () => {
  const readsNotaryRow = (statement: string) => statement.includes('from "notary_profiles"');
  const viewOf = async (id: string) =>
    (await call(t, 'GET', `/applications/${id}`, owner.cookie)).json().application;
  const suspend = (notaryId: string) =>
    call(t, 'POST', `/admin/notaries/${notaryId}/suspend`, admin.cookie, { reason: 'Complaint received' });

  it('a draft naming a notary who is then suspended asks for another at once', async () => {
    const notary = await build.notary({ approvedBy: admin });
    const { id } = await build.application({ owner, notaryChoice: 'named', notary });
    const before = await viewOf(id);
    expect(before.notary).toMatchObject({ _id: notary.id });
    expect(before.missing.map((m: { step: string }) => m.step)).not.toContain('notary');
    expect((await suspend(notary.id)).statusCode).toBe(200);
    const after = await viewOf(id);
    expect(after.missing.map((m: { step: string }) => m.step)).toContain('notary');
  });

  it('another process sees the change in its next view, and keeps the card again from then on', async () => {
    const other = await t.sibling();
    const notary = await build.notary({ approvedBy: admin });
    const { id } = await build.application({ owner, notaryChoice: 'named', notary });
    const otherView = async () => {
      const from = t.database.queries.statements.length;
      const res = await other.inject({
        method: 'GET',
        url: `/api/v1/applications/${id}`,
        headers: { cookie: owner.cookie },
      });
      const sent = t.database.queries.statements.slice(from);
      // The notaries module's own read of the row (the view's statement only asks its version, in a subquery);
      // a session lookup may come too, when the 3-second session cache lapsed in between.
      return { application: res.json().application, cardReads: sent.filter(readsNotaryRow).length };
    };
    await otherView();
    expect((await otherView()).cardReads).toBe(0);
    expect((await suspend(notary.id)).statusCode).toBe(200);
    const changed = await otherView();
    expect(changed.application.missing.map((m: { step: string }) => m.step)).toContain('notary');
    // The row's version moved: the card was read again, once.
    expect(changed.cardReads).toBe(1);
    expect((await otherView()).cardReads).toBe(0);
  });
});

async function raisePlatformFee(byPaise: number) {
  const current = (await call(t, 'GET', '/admin/fee-settings', admin.cookie)).json().current;
  const changed = await call(t, 'PUT', '/admin/fee-settings', admin.cookie, {
    platformFeePaise: current.platformFeePaise + byPaise,
    notarialFees: current.notarialFees,
    extraSignatoryFeePaise: current.extraSignatoryFeePaise,
    includedSignatories: current.includedSignatories,
    gstRatePercent: current.gstRatePercent,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  // The rise plus its GST.
  return byPaise + (byPaise * current.gstRatePercent) / 100;
}

describe('fee settings are cached, and a change is seen by the next read', { tags: ['engine'] }, () => {
  it('a draft on the list and in its view is quoted with the settings changed a moment before', async () => {
    const client = await build.user();
    const { id } = await build.application({ owner: client, notaryChoice: null });
    const listTotal = async () =>
      (await call(t, 'GET', '/applications', client.cookie)).json().applications[0].totalPaise;
    const viewTotal = async () =>
      (await call(t, 'GET', `/applications/${id}`, client.cookie)).json().application.fee.totalPaise;
    const before = await listTotal();
    expect(await viewTotal()).toBe(before);
    const rise = await raisePlatformFee(10_000);
    expect(await listTotal()).toBe(before + rise);
    expect(await viewTotal()).toBe(before + rise);
  });

  it('another process quotes the change once its copy expires', async () => {
    const other = await t.sibling();
    const client = await build.user();
    await build.application({ owner: client, notaryChoice: null });
    const otherTotal = async () =>
      (
        await other.inject({ method: 'GET', url: '/api/v1/applications', headers: { cookie: client.cookie } })
      ).json().applications[0].totalPaise;
    const before = await otherTotal();
    const rise = await raisePlatformFee(5_000);
    clock += FEE_SETTINGS_CACHE_MS + 1;
    expect(await otherTotal()).toBe(before + rise);
  });
});
