import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEvents, auditEvents, recoveryCodes, sessions, users } from '../../db/schema.ts';
import { latestMailTo, nextClientAddress, post } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { creditWallet, reconcile } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let support: BuiltUser;
let finance: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
  support = await build.admin({ adminRoles: ['support'], mfa: false });
  finance = await build.admin({ adminRoles: ['finance'], mfa: false });
});
afterAll(() => t.close());

const SIX_MINUTES = 6 * 60_000;
const age = (user: { id: string }) =>
  t.app.mohar.authService.backdateProof({ userId: user.id, ageMs: SIX_MINUTES });
const resetMfa = (
  clientId: string,
  cookie = support.cookie,
  reason = 'Lost phone; identity checked on a call',
) => call(t, 'POST', `/admin/clients/${clientId}/mfa/reset`, cookie, { reason });
const adjust = (clientId: string, body: object, cookie = finance.cookie) =>
  call(t, 'POST', `/admin/clients/${clientId}/wallet-adjustments`, cookie, body);
const walletOf = async (client: BuiltUser) =>
  (await call(t, 'GET', '/wallet/transactions?pageSize=50', client.cookie)).json() as {
    transactions: Array<{ type: string; amountPaise: number; description: string }>;
  };
const balanceOf = async (client: BuiltUser) =>
  (await call(t, 'GET', '/wallet', client.cookie)).json().balancePaise;
const audited = (action: string, subjectId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)));

describe("support resets a client's two-step verification (issue 22)", () => {
  it('turns it off, signs the client out, e-mails them, and audits it with the reason', async () => {
    const client = await build.user({ mfa: true });
    const res = await resetMfa(client.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().client).toMatchObject({ _id: client.id, mfaEnabled: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ mfaEnabledAt: null, mfaSecretEncrypted: null });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, client.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, client.id))).toEqual([]);
    expect((await latestMailTo(t, client.email))?.subject).toBe(
      'Two-step verification was turned off on your Mohar account',
    );
    const [event] = await audited('account.reset_mfa', client.id);
    expect(event).toMatchObject({ actorId: support.id, detail: 'Lost phone; identity checked on a call' });
    const [trail] = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, client.id));
    expect(trail).toMatchObject({ action: 'reset_mfa', actorId: support.id });
    // The password alone now signs them in.
    const login = await post(
      t,
      '/login',
      { email: client.email, password: client.password },
      undefined,
      nextClientAddress(),
    );
    expect(login.json().user).toMatchObject({ mfaEnabled: false });
  });

  it('refuses a client without it, a short reason, and a stale proof of identity', async () => {
    const plain = await build.user({ mfa: false });
    const none = await resetMfa(plain.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('admin.mfa_not_enabled');
    expect((await resetMfa(plain.id, support.cookie, 'no')).statusCode).toBe(400);
    const withMfa = await build.user({ mfa: true });
    const stale = await build.admin({ adminRoles: ['support'], mfa: false });
    await age(stale);
    expect((await resetMfa(withMfa.id, stale.cookie)).json().code).toBe('auth.step_up_required');
    expect(await audited('account.reset_mfa', withMfa.id)).toEqual([]);
    // A notary's account is not a client's.
    expect((await resetMfa((await build.notary()).id)).json().code).toBe('admin.client_not_found');
  });
});

describe("finance adjusts a client's wallet (issue 22)", () => {
  it('credits and debits with a reason the client reads, as balanced ledger postings, audited', async () => {
    const client = await build.user();
    const credit = await adjust(client.id, { amountPaise: 25_000, reason: 'Goodwill for a dropped call' });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().balancePaise).toBe(25_000);
    const debit = await adjust(client.id, { amountPaise: -5_050, reason: 'Duplicate goodwill reversed' });
    expect(debit.json().balancePaise).toBe(19_950);
    expect(await balanceOf(client)).toBe(19_950);
    const { transactions } = await walletOf(client);
    expect(transactions.map((tx) => [tx.type, tx.amountPaise, tx.description])).toEqual([
      ['adjustment', -5_050, 'Duplicate goodwill reversed'],
      ['adjustment', 25_000, 'Goodwill for a dropped call'],
    ]);
    const events = await audited('wallet.adjusted', client.id);
    expect(events.map((e) => e.detail).sort()).toEqual([
      '+₹250.00: Goodwill for a dropped call',
      '−₹50.50: Duplicate goodwill reversed',
    ]);
    expect(events[0]).toMatchObject({ actorId: finance.id, actorAdminRoles: ['finance'] });
    expect(await reconcile(t)).toEqual({ unbalanced: [], wallets: [], negative: [] });
  });

  it('never takes the wallet below zero', async () => {
    const client = await build.user();
    await creditWallet(t, client.id, 1_000);
    const res = await adjust(client.id, { amountPaise: -1_001, reason: 'Too large a debit' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('admin.wallet_would_go_negative');
    expect(await balanceOf(client)).toBe(1_000);
    expect(await audited('wallet.adjusted', client.id)).toEqual([]);
    expect(
      (await adjust(client.id, { amountPaise: -1_000, reason: 'Exactly the balance' })).json().balancePaise,
    ).toBe(0);
  });

  it('validates the amount and the reason', async () => {
    const client = await build.user();
    for (const body of [
      { amountPaise: 0, reason: 'Nothing at all' },
      { amountPaise: 10.5, reason: 'Half a paisa' },
      { amountPaise: 10_000_001, reason: 'Far too much' },
      { amountPaise: '100', reason: 'A string' },
      { amountPaise: 100, reason: 'no' },
      { amountPaise: 100 },
      { amountPaise: 100, reason: 'Extra field', note: 'x' },
    ])
      expect((await adjust(client.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await balanceOf(client)).toBe(0);
  });

  it('is for finance only, with a fresh proof, on clients only', async () => {
    const client = await build.user();
    const body = { amountPaise: 100, reason: 'Goodwill credit' };
    expect((await adjust(client.id, body, support.cookie)).json().code).toBe('request.not_found');
    expect((await adjust(client.id, body, client.cookie)).json().code).toBe('request.not_found');
    const stale = await build.admin({ adminRoles: ['finance'], mfa: false });
    await age(stale);
    expect((await adjust(client.id, body, stale.cookie)).json().code).toBe('auth.step_up_required');
    expect((await adjust((await build.notary()).id, body)).json().code).toBe('admin.client_not_found');
    expect(await balanceOf(client)).toBe(0);
  });
});
