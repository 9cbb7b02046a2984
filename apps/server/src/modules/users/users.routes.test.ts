import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../testing/accounts.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

const call = (method: 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('profile', () => {
  it('shows and edits name and mobile, and nothing else', async () => {
    const account = await build.user();
    const { cookie } = account;
    const own = (await get(t, '/profile', cookie)).json().user;
    expect(own).toMatchObject({ email: account.email, dateOfBirth: '1990-02-03' });
    expect(own.passwordHash).toBeUndefined();
    const res = await call('PATCH', '/profile', cookie, { name: 'Asha R. Iyer', mobile: '+91 91234 56789' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Asha R. Iyer',
      mobile: `+91${'9123456789'}`,
      email: account.email,
    });
    expect((await call('PATCH', '/profile', cookie, { role: 'admin' })).statusCode).toBe(400);
    expect((await call('PATCH', '/profile', cookie, { email: 'new@example.in' })).statusCode).toBe(400);
    expect((await get(t, '/session', cookie)).json().user.role).toBe('client');
  });

  it('is closed without a session', async () => {
    expect((await get(t, '/profile')).statusCode).toBe(401);
  });
});

describe('active sessions', () => {
  it('lists this device and others, ends one, then all others; another user’s session id gives 404', async () => {
    // Signed in on three devices.
    const account = await build.user();
    const here = account.cookie;
    const phone = (await build.session(account)).cookie;
    const tablet = (await build.session(account)).cookie;
    const list = (await get(t, '/profile/sessions', here)).json().data as Array<{
      _id: string;
      current: boolean;
    }>;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);

    const otherCookie = (await build.user()).cookie;
    const otherId = (await get(t, '/profile/sessions', otherCookie)).json().data[0]._id;
    const foreign = await call('DELETE', `/profile/sessions/${otherId}`, here);
    expect(foreign.statusCode).toBe(404);
    expect((await get(t, '/session', otherCookie)).statusCode).toBe(200);

    const phoneId = (await get(t, '/profile/sessions', phone))
      .json()
      .data.find((s: { current: boolean }) => s.current)._id;
    expect((await call('DELETE', `/profile/sessions/${phoneId}`, here)).statusCode).toBe(200);
    expect((await get(t, '/session', phone)).statusCode).toBe(401);

    const rest = await call('DELETE', '/profile/sessions', here);
    expect(rest.json()).toEqual({ message: '1 other session ended', ended: 1 });
    expect((await get(t, '/session', tablet)).statusCode).toBe(401);
    expect((await get(t, '/session', here)).statusCode).toBe(200);
  });
});

describe('responses never carry secrets', () => {
  it('no password hash, token hash or MFA secret in any account response', async () => {
    const account = await build.user();
    const login = await post(t, '/login', { email: account.email, password: account.password });
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const bodies = [
      login.body,
      (await get(t, '/session', cookie)).body,
      (await get(t, '/profile', cookie)).body,
      (await get(t, '/profile/sessions', cookie)).body,
    ];
    for (const body of bodies)
      expect(body).not.toMatch(/argon2|passwordHash|password_hash|tokenHash|mfaSecret|v1\./);
  });
});

describe('admin bootstrap', () => {
  it('creates a verified admin from ADMIN_EMAIL/ADMIN_PASSWORD, and running it again resets the password', async () => {
    await t.app.mohar.usersService.ensureAdmin({
      email: 'Ops@Mohar.example',
      password: 'first admin phrase 1',
    });
    expect(
      (await post(t, '/login', { email: 'ops@mohar.example', password: 'first admin phrase 1' })).json().user
        .role,
    ).toBe('admin');
    await t.app.mohar.usersService.ensureAdmin({
      email: 'ops@mohar.example',
      password: 'second admin phrase 2',
    });
    expect(
      (await post(t, '/login', { email: 'ops@mohar.example', password: 'first admin phrase 1' })).statusCode,
    ).toBe(401);
    expect(
      (await post(t, '/login', { email: 'ops@mohar.example', password: 'second admin phrase 2' })).statusCode,
    ).toBe(200);
  });

  it('demo accounts can log in, one per role, and seeding twice changes nothing', async () => {
    const accounts = await t.app.mohar.usersService.seedDemoAccounts();
    await t.app.mohar.usersService.seedDemoAccounts();
    expect(accounts.map((a) => a.role)).toEqual(['client', 'notary', 'notary', 'notary', 'admin']);
    for (const a of accounts) {
      expect((await post(t, '/login', { email: a.email, password: a.password })).json().user.role).toBe(
        a.role,
      );
    }
  });
});
