import { todayInIndia } from '@mohar/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notaryAvailabilityEvents, notaryProfiles } from '../../db/schema.ts';
import { call as callApi } from '../../testing/applications.ts';
import {
  type Builders,
  type BuiltNotary,
  type BuiltUser,
  buildersFor,
} from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runCommissionChecks } from './commission-checks.ts';
import { appendRegisterEntry } from './register.service.ts';

let t: TestApp;
let build: Builders;
let compliance: BuiltUser;
/** An admin of another area (support): the notaries' console is not theirs. */
let support: BuiltUser;

/** Inside service hours (sessions run 10:00–20:00 IST), whenever the suite runs. */
const NOW = new Date('2026-11-23T12:00:00+05:30');

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  build = buildersFor(t);
  compliance = await build.admin({ adminRoles: ['compliance'] });
  support = await build.admin({ adminRoles: ['support'] });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: object) =>
  callApi(t, method, url, cookie, payload);
const read = async (url: string, cookie = compliance.cookie) => {
  const res = await call('GET', url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const NOBODY = '00000000-0000-4000-8000-000000000000';

/** Every read of a notary's record answers only compliance (and owners): anyone else, or another's id, gets 404. */
async function expectOnlyCompliance(url: (id: string) => string, notary: BuiltNotary) {
  const client = await build.user();
  for (const cookie of [support.cookie, client.cookie, notary.cookie]) {
    const res = await call('GET', url(notary.id), cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('request.not_found');
  }
  expect((await call('GET', url(notary.id))).statusCode).toBe(401);
  // A client's id or one that names nothing: no notary there.
  for (const id of [client.id, NOBODY])
    expect((await call('GET', url(id), compliance.cookie)).json().code).toBe('notaries.not_found');
}

describe('GET /admin/notaries: the notary list (issue 22)', () => {
  it('answers in the spec’s shape; search and the status filter narrow it; a page past the end is empty', async () => {
    const tag = `Listtag${Date.now()}`;
    for (let i = 0; i < 3; i += 1) await build.notary({ details: { fullName: `${tag} Verified ${i}` } });
    await build.notary({ status: 'pending', details: { fullName: `${tag} Pending` } });
    await build.notary({ status: 'draft', details: { fullName: `${tag} Draft` } });

    const all = await read(`/admin/notaries?search=${tag}&pageSize=2`);
    expect(Object.keys(all).sort()).toEqual(['notaries', 'page', 'totalPages']);
    // Drafts (not yet submitted) are not in the list: four of the five.
    expect(all).toMatchObject({ page: 1, totalPages: 2 });
    const pending = await read(`/admin/notaries?search=${tag}&status=pending`);
    expect(pending.notaries.map((n: { fullName: string }) => n.fullName)).toEqual([`${tag} Pending`]);
    const verified = await read(`/admin/notaries?search=${tag}&status=verified&pageSize=2`);
    expect(verified.totalPages).toBe(2);
    expect(await read(`/admin/notaries?search=${tag}&page=7&pageSize=2`)).toEqual({
      notaries: [],
      totalPages: 2,
      page: 7,
    });
    expect((await read(`/admin/notaries?search=${tag}x`)).notaries).toEqual([]);
  });

  it('answers 404 to a client, a notary and an admin without compliance', async () => {
    const notary = await build.notary();
    for (const cookie of [support.cookie, (await build.user()).cookie, notary.cookie])
      expect((await call('GET', '/admin/notaries', cookie)).statusCode).toBe(404);
    expect((await call('GET', '/admin/notaries', (await build.admin()).cookie)).statusCode).toBe(200);
  });
});

describe("a notary's acts and register", () => {
  it('lists the applications the notary took, newest first, with the total; the register in its own shape', async () => {
    const notary = await build.notary({ certificate: 'platform' });
    const older = await build.application({ status: 'in_session', notary, details: { title: 'Older act' } });
    const newer = await build.application({ status: 'sealed', notary, details: { title: 'Newer act' } });
    // Another notary's application is not theirs.
    await build.application({ status: 'in_session' });

    const acts = await read(`/admin/notaries/${notary.id}/acts`);
    expect(acts.total).toBe(2);
    expect(acts.items.map((a: { _id: string }) => a._id)).toEqual([newer.id, older.id]);
    expect(acts.items[0]).toMatchObject({ title: 'Newer act', status: 'notarised' });

    const register = await read(`/admin/notaries/${notary.id}/register`);
    expect(register).toMatchObject({ page: 1, totalPages: 1 });
    expect(register.entries).toEqual([
      expect.objectContaining({ serial: 1, applicationId: newer.id, notarialAct: 'affidavit_oath' }),
    ]);
    expect((await read(`/admin/notaries/${notary.id}/register?page=3`)).entries).toEqual([]);

    // Reading it is audited as the admin who read it, not as the notary whose register it is.
    const reads = await read(`/admin/audit?action=register.read&search=${notary.id}`);
    expect(
      reads.events.map((e: { actorRole: string; actor: { _id: string } }) => [e.actorRole, e.actor._id]),
    ).toEqual([
      ['admin', compliance.id],
      ['admin', compliance.id],
    ]);

    const fresh = await build.notary();
    expect(await read(`/admin/notaries/${fresh.id}/acts`)).toEqual({ items: [], total: 0 });
    await expectOnlyCompliance((id) => `/admin/notaries/${id}/acts`, fresh);
    await expectOnlyCompliance((id) => `/admin/notaries/${id}/register`, fresh);
  });
});

describe("a notary's availability history", () => {
  it('records each change the notary makes and each time Mohar takes them offline, newest first', async () => {
    const notary = await build.notary();
    const history = () => read(`/admin/notaries/${notary.id}/availability`);
    expect(await history()).toEqual({ events: [], total: 0 });

    const set = (body: object) => call('PUT', '/notary/availability', notary.cookie, body);
    expect((await set({ isOnline: true })).statusCode).toBe(200);
    expect((await set({ isOnline: true, workingHours: { from: '11:00', to: '18:00' } })).statusCode).toBe(
      200,
    );
    // The same state again is not a change.
    expect((await set({ isOnline: true, workingHours: { from: '11:00', to: '18:00' } })).statusCode).toBe(
      200,
    );
    // A refused change records nothing.
    expect((await set({ isOnline: true, workingHours: { from: '08:00', to: '18:00' } })).statusCode).toBe(
      400,
    );
    const suspended = await call('POST', `/admin/notaries/${notary.id}/suspend`, compliance.cookie, {
      reason: 'Complaint under review',
    });
    expect(suspended.statusCode).toBe(200);

    const { events, total } = await history();
    expect(total).toBe(3);
    expect(
      events.map((e: Record<string, unknown>) => [e.isOnline, e.workingFrom, e.workingTo, e.cause]),
    ).toEqual([
      [false, '11:00', '18:00', 'suspension'],
      [true, '11:00', '18:00', 'notary'],
      [true, '10:00', '20:00', 'notary'],
    ]);
    await expect(
      t.db.delete(notaryAvailabilityEvents).where(eq(notaryAvailabilityEvents.notaryId, notary.id)),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`truncate notary_availability_events`)).rejects.toThrow();
    await expectOnlyCompliance((id) => `/admin/notaries/${id}/availability`, notary);
  });

  it('records a notary taken offline when their commission lapses', async () => {
    const notary = await build.notary({ online: true });
    await t.db
      .update(notaryProfiles)
      .set({ commissionExpiresOn: '2020-01-01' })
      .where(eq(notaryProfiles.userId, notary.id));
    await runCommissionChecks({ db: t.db, mailer: t.app.mohar.mailer, publicUrl: t.config.publicUrl });
    const { events } = await read(`/admin/notaries/${notary.id}/availability`);
    expect(events.map((e: { isOnline: boolean; cause: string }) => [e.isOnline, e.cause])).toEqual([
      [false, 'commission_lapsed'],
      [true, 'notary'],
    ]);
  });
});

/** The month `back` months before this one in India, as YYYY-MM. */
const monthBefore = (back: number) => {
  const [year, month] = todayInIndia(NOW).split('-').map(Number) as [number, number];
  const index = year * 12 + month - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

describe("a notary's payout statement", () => {
  it('pays the notary the notarial fee and the fee per extra signatory of each completed act, never the platform fee or GST, with a total per month', async () => {
    // The test app's fees: platform ₹299 (+18% GST), notarial ₹200, ₹99 per signatory beyond the two included.
    const notary = await build.notary({ certificate: 'platform' });
    const three = [{ fullName: 'Asha Rao' }, { fullName: 'Vikram Rao' }, { fullName: 'Meena Iyer' }];
    const withExtra = await build.application({ status: 'sealed', notary, signatories: three });
    const plain = await build.application({ status: 'sealed', notary });
    // Paid but not yet notarised: not an act, not earned.
    await build.application({ status: 'in_session', notary });
    // An act two months ago (the register is the record of completed acts), with four signatories: two extra.
    const earlier = await build.application({
      status: 'paid',
      signatories: [...three, { fullName: 'Kiran Das' }],
    });
    const earlierMonth = monthBefore(2);
    await t.db.transaction((tx) =>
      appendRegisterEntry(tx, {
        notaryId: notary.id,
        actDate: `${earlierMonth}-15`,
        notarialAct: 'true_copy',
        executantName: 'Asha Rao',
        executantAddress: '4 MG Road, Bengaluru',
        documentDescription: 'Degree certificate',
        prescribedFeePaise: 20_000,
        feeChargedPaise: 20_000,
        receiptSerial: 'MOH/TEST/1',
        applicationId: earlier.id,
      }),
    );

    const statement = await read(`/admin/notaries/${notary.id}/payouts`);
    expect(statement).toMatchObject({ from: monthBefore(11), to: monthBefore(0) });
    expect(
      statement.months.map((m: { month: string; totalPaise: number }) => [m.month, m.totalPaise]),
    ).toEqual([
      [monthBefore(0), 29_900 + 20_000],
      [earlierMonth, 20_000 + 2 * 9_900],
    ]);
    const [thisMonth] = statement.months;
    expect(thisMonth.acts.map((a: { applicationId: string }) => a.applicationId)).toEqual([
      plain.id,
      withExtra.id,
    ]);
    expect(thisMonth.acts[1]).toMatchObject({
      serial: 1,
      notarialAct: 'affidavit_oath',
      notarialFeePaise: 20_000,
      extraSignatoriesPaise: 9_900,
      earnedPaise: 29_900,
    });
    expect(statement.totalPaise).toBe(49_900 + 39_800);

    // A period narrows it; months the wrong way round or too many are refused.
    const earlierOnly = await read(
      `/admin/notaries/${notary.id}/payouts?from=${earlierMonth}&to=${earlierMonth}`,
    );
    expect(earlierOnly).toMatchObject({ totalPaise: 39_800, months: [{ month: earlierMonth }] });
    for (const query of [
      `from=${monthBefore(0)}&to=${monthBefore(1)}`,
      `from=${monthBefore(24)}`,
      'to=2026-13',
    ])
      expect(
        (await call('GET', `/admin/notaries/${notary.id}/payouts?${query}`, compliance.cookie)).statusCode,
      ).toBe(400);

    const fresh = await build.notary();
    expect(await read(`/admin/notaries/${fresh.id}/payouts`)).toMatchObject({ months: [], totalPaise: 0 });
    await expectOnlyCompliance((id) => `/admin/notaries/${id}/payouts`, fresh);
  });
});
