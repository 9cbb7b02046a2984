import fastifyCookie from '@fastify/cookie';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { registerErrorHandling } from '../../platform/error-handler.ts';
import {
  get,
  logIn,
  post,
  registration,
  sessionCookieOf,
  uniqueEmail,
  verifiedAccount,
} from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userId = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0]?.id ?? '';

describe('POST /login', () => {
  it('signs a verified user in with an httpOnly SameSite=Lax cookie and returns the user without any secret', async () => {
    const account = await verifiedAccount(t);
    const res = await post(t, '/login', account);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      _id: expect.any(String),
      role: 'client',
      name: 'Asha Rao',
      email: account.email,
      mobile: `+91${'9876543210'}`,
      emailVerified: true,
      mfaEnabled: false,
      mfaSetupRequired: false,
      adminRoles: [],
      language: null,
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^mohar_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(res.body).not.toMatch(/argon2|passwordHash|tokenHash/);
    // The database keeps only the token's hash.
    const token = sessionCookieOf(res).split('=')[1] ?? '';
    const stored = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userId(account.email)));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
  });

  it('gives one answer for an unknown e-mail and a wrong password', async () => {
    const account = await verifiedAccount(t);
    const wrong = await post(t, '/login', { email: account.email, password: 'not the password' });
    const unknown = await post(t, '/login', { email: uniqueEmail('ghost'), password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'auth.invalid_credentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an unverified e-mail with a code the UI turns into a resend option (after the right password only)', async () => {
    const body = registration();
    await post(t, '/register', body);
    const res = await post(t, '/login', { email: body.email, password: body.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('auth.email_unverified');
    expect((await post(t, '/login', { email: body.email, password: 'wrong password here' })).statusCode).toBe(
      401,
    );
  });

  it('issues a new token on every login and drops the session the browser arrived with', async () => {
    const account = await verifiedAccount(t);
    const first = await logIn(t, account);
    const second = sessionCookieOf(await post(t, '/login', account, first));
    expect(second).not.toBe(first);
    expect((await get(t, '/session', first)).statusCode).toBe(401);
    expect((await get(t, '/session', second)).statusCode).toBe(200);
  });

  it('answers 429 after five wrong passwords for an account from one address, even with the right one', async () => {
    const account = await verifiedAccount(t);
    for (let i = 0; i < 5; i++) {
      expect(
        (await post(t, '/login', { email: account.email, password: `wrong guess ${i}` })).statusCode,
      ).toBe(401);
    }
    const locked = await post(t, '/login', account);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed attempts/);
  });

  it('refuses a login posted from another site', async () => {
    const account = await verifiedAccount(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: account,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('request.cross_site');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /session and logout', () => {
  it('answers 401 without a session and the user with one', async () => {
    expect((await get(t, '/session')).statusCode).toBe(401);
    const account = await verifiedAccount(t);
    const cookie = await logIn(t, account);
    const res = await get(t, '/session', cookie);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().user).sort()).toEqual(
      [
        '_id',
        'adminRoles',
        'email',
        'emailVerified',
        'language',
        'mfaEnabled',
        'mfaSetupRequired',
        'mobile',
        'name',
        'role',
      ].sort(),
    );
  });

  it('ends the session on the server: the old cookie no longer works even if the browser kept it (GET and POST)', async () => {
    const account = await verifiedAccount(t);
    for (const method of ['GET', 'POST'] as const) {
      const cookie = await logIn(t, account);
      const res = await t.app.inject({
        method,
        url: '/api/v1/logout',
        headers: { cookie },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Logged out successfully' });
      expect(String(res.headers['set-cookie'])).toMatch(/mohar_session=;.*Expires=Thu, 01 Jan 1970/);
      expect((await get(t, '/session', cookie)).statusCode).toBe(401);
    }
  });

  it('expires a session after the idle timeout, and admins sooner than clients', async () => {
    const client = await verifiedAccount(t);
    const cookie = await logIn(t, client);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userId(client.email)));
    const idleHours = ((row?.idleExpiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(idleHours).toBeGreaterThan(23.9);
    expect(idleHours).toBeLessThanOrEqual(24);
    const absoluteDays = ((row?.absoluteExpiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(absoluteDays).toBeGreaterThan(29.9);

    await t.db
      .update(sessions)
      .set({ idleExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, row?.id ?? ''));
    expect((await get(t, '/session', cookie)).statusCode).toBe(401);

    await t.app.mohar.usersService.ensureAdmin({
      email: 'ops@example.in',
      password: 'a long admin secret 9',
    });
    await logIn(t, { email: 'ops@example.in', password: 'a long admin secret 9' });
    const [adminSession] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userId('ops@example.in')));
    const adminIdleMinutes = ((adminSession?.idleExpiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(adminIdleMinutes).toBeGreaterThan(59);
    expect(adminIdleMinutes).toBeLessThanOrEqual(60);
  });

  it('disabling an account ends its sessions and blocks login', async () => {
    const account = await verifiedAccount(t);
    const cookie = await logIn(t, account);
    await t.app.mohar.authService.setUserDisabled({ userId: await userId(account.email), isDisabled: true });
    expect((await get(t, '/session', cookie)).statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, await userId(account.email))),
    ).toHaveLength(0);
    const res = await post(t, '/login', account);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('auth.account_suspended');
  });
});

describe('the route guard', () => {
  it('admits signed-in users, refuses others with 401, and the wrong role with 403', async () => {
    // A private area built the way feature modules will build theirs, on the app's own guard and sessions.
    const area = Fastify();
    registerErrorHandling(area);
    await area.register(fastifyCookie);
    area.decorateRequest('auth', null);
    area.get('/any', { preHandler: t.app.mohar.guard.requireUser() }, async (request) => ({
      id: request.auth?.user.id,
    }));
    area.get('/admins', { preHandler: t.app.mohar.guard.requireUser({ roles: ['admin'] }) }, async () => ({
      ok: true,
    }));

    const account = await verifiedAccount(t);
    const cookie = await logIn(t, account);
    expect((await area.inject({ url: '/any' })).statusCode).toBe(401);
    expect((await area.inject({ url: '/any', headers: { cookie } })).json()).toEqual({
      id: await userId(account.email),
    });
    const wrongRole = await area.inject({ url: '/admins', headers: { cookie } });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().code).toBe('auth.forbidden');
    await area.close();
  });
});
