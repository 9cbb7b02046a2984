import { ADMIN_ROLES, type AdminRole } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEvents, sessions } from '../../db/schema.ts';
import { latestMailTo, post, registration } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let support: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
  support = await build.admin({ adminRoles: ['support'] });
});
afterAll(() => t.close());

const list = async (query: string, cookie = support.cookie) => {
  const res = await call(t, 'GET', `/admin/clients${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    clients: Array<{ _id: string; email: string; name: string; suspendedAt: string | null }>;
    totalPages: number;
    page: number;
  };
};
const emailsOf = (page: { clients: Array<{ email: string }> }) => page.clients.map((c) => c.email).sort();

describe('GET /admin/clients (issue 22)', () => {
  it('pages clients in the spec’s shape; a page past the end is empty with the right totalPages', async () => {
    const tag = `paging${Date.now()}`;
    for (let i = 0; i < 5; i += 1) await build.user({ name: `${tag} Client ${i}` });
    const first = await list(`?search=${tag}&pageSize=2`);
    expect(Object.keys(first).sort()).toEqual(['clients', 'page', 'totalPages']);
    expect(first).toMatchObject({ page: 1, totalPages: 3 });
    expect(first.clients).toHaveLength(2);
    const third = await list(`?search=${tag}&pageSize=2&page=3`);
    expect(third.clients).toHaveLength(1);
    const seen = new Set(
      [...first.clients, ...(await list(`?search=${tag}&pageSize=2&page=2`)).clients, ...third.clients].map(
        (c) => c._id,
      ),
    );
    expect(seen.size).toBe(5);
    expect(await list(`?search=${tag}&pageSize=2&page=9`)).toEqual({ clients: [], totalPages: 3, page: 9 });
  });

  it('lists clients only, never notaries or admins', async () => {
    const notary = await build.notary();
    const all = await list('?pageSize=50');
    expect(all.clients.map((c) => c._id)).not.toContain(notary.id);
    expect(all.clients.map((c) => c._id)).not.toContain(support.id);
  });

  it('searches by name, e-mail and mobile (as typed, with spaces or +91)', async () => {
    const asha = await build.user({ name: 'Ashwini Kulkarni', mobile: '91234 56781' });
    const other = await build.user({ name: 'Someone Else', mobile: '99999 00001' });
    expect(emailsOf(await list('?search=ashwini'))).toEqual([asha.email]);
    expect(emailsOf(await list(`?search=${encodeURIComponent(asha.email.toUpperCase())}`))).toEqual([
      asha.email,
    ]);
    expect(emailsOf(await list(`?search=${encodeURIComponent('+91 91234 56781')}`))).toEqual([asha.email]);
    expect(emailsOf(await list('?search=9999900001'))).toEqual([other.email]);
    // Pattern characters are text, not wildcards.
    expect((await list('?search=%25')).clients).toEqual([]);
  });

  it('filters verified, suspended and two-step verification on', async () => {
    const tag = `filters${Date.now()}`;
    const plain = await build.user({ name: `${tag} Plain` });
    const withMfa = await build.user({ name: `${tag} Mfa`, mfa: true });
    const suspended = await build.user({ name: `${tag} Suspended` });
    const registered = registration({ name: `${tag} Unverified` });
    expect((await post(t, '/register', registered)).statusCode).toBe(201);
    const suspend = await call(t, 'POST', `/admin/clients/${suspended.id}/suspend`, support.cookie, {
      reason: 'Chargeback under review',
    });
    expect(suspend.statusCode, suspend.body).toBe(200);

    const lower = (email: string) => email.toLowerCase();
    expect(emailsOf(await list(`?search=${tag}`))).toHaveLength(4);
    expect(emailsOf(await list(`?search=${tag}&status=verified`))).toEqual(
      [plain.email, withMfa.email, suspended.email].sort(),
    );
    expect(emailsOf(await list(`?search=${tag}&status=suspended`))).toEqual([suspended.email]);
    expect(emailsOf(await list(`?search=${tag}&status=mfa`))).toEqual([withMfa.email]);
    expect(emailsOf(await list(`?search=${tag}`))).toContain(lower(registered.email as string));
    expect((await call(t, 'GET', '/admin/clients?status=deleted', support.cookie)).statusCode).toBe(400);
  });
});

describe('suspending a client', () => {
  it('ends their sessions, refuses sign-in with a sentence saying so, is audited; reactivating lets them in', async () => {
    const client = await build.user();
    const second = await build.session(client);
    expect((await call(t, 'GET', '/session', second.cookie)).statusCode).toBe(200);

    const tooShort = await call(t, 'POST', `/admin/clients/${client.id}/suspend`, support.cookie, {
      reason: 'x',
    });
    expect(tooShort.statusCode).toBe(400);
    const res = await call(t, 'POST', `/admin/clients/${client.id}/suspend`, support.cookie, {
      reason: 'Reported for fraud',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().client.suspendedAt).not.toBeNull();

    expect(await t.db.select().from(sessions).where(eq(sessions.userId, client.id))).toEqual([]);
    expect((await call(t, 'GET', '/session', client.cookie)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/session', second.cookie)).statusCode).toBe(401);
    const login = await post(t, '/login', { email: client.email, password: client.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      code: 'auth.account_suspended',
      message:
        'This account is suspended, so you cannot sign in. Contact Mohar support to find out why or to have it reactivated.',
    });
    // Said only after the right password: a wrong one still gets the one answer for every failure.
    const wrong = await post(t, '/login', { email: client.email, password: 'not the password at all' });
    expect(wrong.json().code).toBe('auth.invalid_credentials');
    expect(
      (
        await call(t, 'POST', `/admin/clients/${client.id}/suspend`, support.cookie, {
          reason: 'Again, twice',
        })
      ).statusCode,
    ).toBe(409);

    const back = await call(t, 'POST', `/admin/clients/${client.id}/reactivate`, support.cookie, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().client.suspendedAt).toBeNull();
    expect((await post(t, '/login', { email: client.email, password: client.password })).statusCode).toBe(
      200,
    );

    const events = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, client.id));
    expect(events.map((e) => [e.action, e.actorId, e.actorRoles, e.reason])).toEqual([
      ['suspend', support.id, ['support'], 'Reported for fraud'],
      ['reactivate', support.id, ['support'], null],
    ]);
    const detail = await call(t, 'GET', `/admin/clients/${client.id}`, support.cookie);
    expect(detail.json().events.map((e: { action: string }) => e.action)).toEqual(['reactivate', 'suspend']);
  });

  it('keeps the audit trail append-only', async () => {
    const client = await build.user();
    await call(t, 'POST', `/admin/clients/${client.id}/sessions/end`, support.cookie, {});
    await expect(t.db.delete(accountEvents).where(eq(accountEvents.userId, client.id))).rejects.toThrow();
  });
});

describe('the client page and its other actions', () => {
  it('shows profile, applications, wallet ledger, devices and the notifications sent; 404 for an id that is not a client', async () => {
    const client = await build.user({ name: 'Meher Desai' });
    const application = await build.application({ owner: client, details: { title: 'Rent agreement' } });
    await build.walletCredit({ userId: client.id, amountPaise: 50_000 });
    // A notification to this client and one to someone else: the page shows only theirs, as their feed words it.
    const other = await build.user();
    await t.app.mohar.notificationsService.notifyNow([
      {
        userId: client.id,
        applicationId: application.id,
        kind: 'payment_succeeded',
        text: { key: 'payment_received', params: { title: 'Rent agreement' } },
      },
      { userId: other.id, kind: 'payment_succeeded', text: { key: 'payment_received', params: {} } },
    ]);
    const res = await call(t, 'GET', `/admin/clients/${client.id}`, support.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.client).toMatchObject({ _id: client.id, name: 'Meher Desai', email: client.email });
    expect(detail.applications.items.map((a: { title: string }) => a.title)).toEqual(['Rent agreement']);
    expect(detail.wallet.balancePaise).toBe(50_000);
    expect(detail.wallet.transactions).toHaveLength(1);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.notifications.total).toBe(1);
    expect(detail.notifications.items).toEqual([
      expect.objectContaining({
        userId: client.id,
        applicationId: application.id,
        message: expect.stringContaining('Payment received for “Rent agreement”'),
        text: { key: 'payment_received', params: { title: 'Rent agreement' } },
        readAt: null,
      }),
    ]);

    const notary = await build.notary();
    for (const id of [notary.id, support.id, '00000000-0000-4000-8000-000000000000'])
      expect((await call(t, 'GET', `/admin/clients/${id}`, support.cookie)).json().code).toBe(
        'admin.client_not_found',
      );
    expect(
      (
        await call(t, 'POST', `/admin/clients/${notary.id}/suspend`, support.cookie, {
          reason: 'Not a client',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('ends every session of the client', async () => {
    const client = await build.user();
    await build.session(client);
    const res = await call(t, 'POST', `/admin/clients/${client.id}/sessions/end`, support.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, client.id))).toEqual([]);
    expect((await call(t, 'GET', '/session', client.cookie)).statusCode).toBe(401);
  });

  it('e-mails a new verification link only while the address is unverified', async () => {
    const registered = registration();
    expect((await post(t, '/register', registered)).statusCode).toBe(201);
    const email = (registered.email as string).toLowerCase();
    const id = (await list(`?search=${encodeURIComponent(email)}`)).clients[0]?._id ?? '';
    const before = await latestMailTo(t, email);
    const res = await call(t, 'POST', `/admin/clients/${id}/verification`, support.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    const after = await latestMailTo(t, email);
    expect(after?.id).not.toBe(before?.id);
    expect(after?.text).toContain('/verify-email/');

    const verified = await build.user();
    const again = await call(t, 'POST', `/admin/clients/${verified.id}/verification`, support.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('admin.already_verified');
  });
});

/**
 * Which admin roles use each admin route (issue 22), written out here rather than read from ADMIN_AREAS, so a change
 * to the map must be made twice on purpose. `owner` passes everything; a role not listed gets 404.
 */
const ROUTE_ROLES: Record<string, readonly AdminRole[]> = {
  'GET /api/v1/admin/dashboard': ['support', 'content', 'finance', 'compliance'],
  'GET /api/v1/admin/clients': ['support', 'finance'],
  'GET /api/v1/admin/clients/:id': ['support', 'finance'],
  'POST /api/v1/admin/clients/:id/suspend': ['support'],
  'POST /api/v1/admin/clients/:id/reactivate': ['support'],
  'POST /api/v1/admin/clients/:id/sessions/end': ['support'],
  'POST /api/v1/admin/clients/:id/verification': ['support'],
  'POST /api/v1/admin/clients/:id/mfa/reset': ['support'],
  'POST /api/v1/admin/clients/:id/wallet-adjustments': ['finance'],
  'GET /api/v1/admin/admins': [],
  'POST /api/v1/admin/admins': [],
  'PUT /api/v1/admin/admins/:id/roles': [],
  'POST /api/v1/admin/admins/:id/remove': [],
  'POST /api/v1/admin/applications/:id/fail': ['support'],
  'GET /api/v1/admin/applications': ['support'],
  'GET /api/v1/admin/applications/:id': ['support'],
  'GET /api/v1/admin/sessions/live': ['support'],
  'GET /api/v1/admin/seals/failed': ['support'],
  'POST /api/v1/admin/seals/:id/retry': ['support'],
  'GET /api/v1/admin/notaries': ['compliance'],
  'GET /api/v1/admin/notaries/:id': ['compliance'],
  'GET /api/v1/admin/notaries/:id/documents/:kind': ['compliance'],
  'GET /api/v1/admin/notaries/:id/acts': ['compliance'],
  'GET /api/v1/admin/notaries/:id/register': ['compliance'],
  'GET /api/v1/admin/notaries/:id/availability': ['compliance'],
  'GET /api/v1/admin/notaries/:id/payouts': ['compliance'],
  'GET /api/v1/admin/notaries/:id/ratings': ['compliance'],
  'POST /api/v1/admin/notaries/:id/approve': ['compliance'],
  'POST /api/v1/admin/notaries/:id/reject': ['compliance'],
  'POST /api/v1/admin/notaries/:id/suspend': ['compliance'],
  'POST /api/v1/admin/notaries/:id/reinstate': ['compliance'],
  'GET /api/v1/admin/refunds': ['finance'],
  'POST /api/v1/admin/refunds/:id/approve': ['finance'],
  'POST /api/v1/admin/refunds/:id/reject': ['finance'],
  'GET /api/v1/admin/fee-settings': ['finance'],
  'PUT /api/v1/admin/fee-settings': ['finance'],
  'GET /api/v1/admin/plans': ['finance'],
  'PUT /api/v1/admin/plans': ['finance'],
  'GET /api/v1/admin/audit': ['compliance'],
  'GET /api/v1/admin/audit.csv': ['compliance'],
  'GET /api/v1/admin/data-requests': ['support', 'compliance'],
  'POST /api/v1/admin/data-requests/:id/carry-out': ['support', 'compliance'],
  'GET /api/v1/admin/retention': ['support', 'compliance'],
  'GET /api/v1/admin/support/tickets': ['support'],
  'GET /api/v1/admin/support/tickets/:id': ['support'],
  'POST /api/v1/admin/support/tickets/:id/replies': ['support'],
  'POST /api/v1/admin/support/tickets/:id/notes': ['support'],
  'PUT /api/v1/admin/support/tickets/:id/status': ['support'],
  'PUT /api/v1/admin/support/tickets/:id/assignee': ['support'],
  'GET /api/v1/admin/newsletter/subscribers': ['content'],
  'GET /api/v1/admin/newsletter/subscribers.csv': ['content'],
  'POST /api/v1/admin/newsletter/mailings': ['content'],
  'GET /api/v1/admin/blog/categories': ['content'],
  'POST /api/v1/admin/blog/categories': ['content'],
  'PUT /api/v1/admin/blog/categories/order': ['content'],
  'PATCH /api/v1/admin/blog/categories/:id': ['content'],
  'DELETE /api/v1/admin/blog/categories/:id': ['content'],
  'GET /api/v1/admin/blog/articles': ['content'],
  'POST /api/v1/admin/blog/articles': ['content'],
  'GET /api/v1/admin/blog/articles/:id': ['content'],
  'PUT /api/v1/admin/blog/articles/:id': ['content'],
  'DELETE /api/v1/admin/blog/articles/:id': ['content'],
  'PUT /api/v1/admin/blog/articles/:id/image': ['content'],
  'GET /api/v1/admin/blog/articles/:id/image': ['content'],
};

describe('who may use the admin routes (the role matrix)', () => {
  const adminRoutes = () =>
    t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/admin/') && r.method !== 'HEAD');
  // A well-formed id that names nothing: an allowed caller reaches the handler (its own 404 or 400), a refused one
  // gets the guard's 404 `request.not_found` before anything is looked up.
  const urlOf = (url: string) =>
    url.replace(/:id/g, '00000000-0000-4000-8000-000000000000').replace(':kind', 'photo');
  const attempt = (route: { method: string; url: string }, cookie?: string) =>
    t.app.inject({
      method: route.method as 'GET',
      url: urlOf(route.url),
      headers: cookie ? { cookie } : {},
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });
  const isRefused = (res: { statusCode: number; json: () => { code?: string } }) =>
    res.statusCode === 404 && res.json().code === 'request.not_found';

  it('names every admin route in the matrix', () => {
    expect(
      adminRoutes()
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(Object.keys(ROUTE_ROLES).sort());
  });

  it('answers a client and a notary 404 on every admin route, and a visitor 401', async () => {
    const callers = [await build.user(), await build.notary()];
    const answered: string[] = [];
    for (const route of adminRoutes()) {
      expect((await attempt(route)).statusCode).toBe(401);
      for (const caller of callers) {
        const res = await attempt(route, caller.cookie);
        if (!isRefused(res))
          answered.push(`${route.method} ${route.url} as ${caller.role} → ${res.statusCode}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it('lets each admin role use exactly its own routes, and the owner all of them', async () => {
    const admins = await Promise.all(
      ADMIN_ROLES.map(async (role) => ({ role, user: await build.admin({ adminRoles: [role] }) })),
    );
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      const allowed = ROUTE_ROLES[`${route.method} ${route.url}`] ?? [];
      for (const { role, user } of admins) {
        const expected = role === 'owner' || allowed.includes(role);
        const res = await attempt(route, user.cookie);
        if (isRefused(res) === expected)
          wrong.push(`${route.method} ${route.url} as ${role} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tells the web app the admin roles in the session answer', async () => {
    const both = await build.admin({ adminRoles: ['content', 'finance'] });
    const res = await call(t, 'GET', '/session', both.cookie);
    expect(res.json().user).toMatchObject({ role: 'admin', adminRoles: ['content', 'finance'] });
    const client = await build.user();
    expect((await call(t, 'GET', '/session', client.cookie)).json().user.adminRoles).toEqual([]);
  });
});
