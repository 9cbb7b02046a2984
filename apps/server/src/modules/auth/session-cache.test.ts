import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, logIn, post, verifiedAccount } from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { sessionCache } from './session-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'monsoon kettle orbit 77';
const send = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Signed in, and its session read once, so the next read finds it in the cache. */
async function signedInAndCached(credentials?: { email: string; password: string }) {
  const account = credentials ?? (await verifiedAccount(t));
  const cookie = await logIn(t, account);
  expect((await get(t, '/session', cookie)).statusCode).toBe(200);
  return { account, cookie };
}

describe('a signed-in read finds its session in the cache', () => {
  it('the second read in a row sends no statement to the database', async () => {
    const { cookie } = await signedInAndCached();
    const from = t.database.queries.count;
    const res = await get(t, '/session', cookie);
    expect(res.statusCode).toBe(200);
    expect(t.database.queries.statements.slice(from)).toEqual([]);
  });
});

describe('a revoked session is refused at once, though it was cached', () => {
  it('after logging out', async () => {
    const { cookie } = await signedInAndCached();
    expect((await post(t, '/logout', {}, cookie)).statusCode).toBe(200);
    expect((await get(t, '/session', cookie)).statusCode).toBe(401);
  });

  it('after a password change, on every other device; the device that changed it stays in', async () => {
    const { account, cookie: changer } = await signedInAndCached();
    const { cookie: other } = await signedInAndCached(account);
    const changed = await send('PUT', '/profile/password', changer, {
      currentPassword: account.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(t, '/session', other)).statusCode).toBe(401);
    expect((await get(t, '/session', changer)).statusCode).toBe(200);
  });

  it('after the account is disabled', async () => {
    const { cookie } = await signedInAndCached();
    const me = (await get(t, '/session', cookie)).json().user._id;
    await t.app.mohar.authService.setUserDisabled({ userId: me, isDisabled: true });
    expect((await get(t, '/session', cookie)).statusCode).toBe(401);
  });

  it('after the session is ended from another device’s profile', async () => {
    const { account, cookie: keeper } = await signedInAndCached();
    const { cookie: ended } = await signedInAndCached(account);
    const listed = (await get(t, '/profile/sessions', keeper)).json();
    const other = listed.data.find((s: { current: boolean }) => !s.current);
    expect((await send('DELETE', `/profile/sessions/${other._id}`, keeper)).statusCode).toBe(200);
    expect((await get(t, '/session', ended)).statusCode).toBe(401);
  });
});

describe('what a cached session carries follows changes at once', () => {
  it('a new name shows on the next read', async () => {
    const { cookie } = await signedInAndCached();
    expect((await send('PATCH', '/profile', cookie, { name: 'Renamed Person' })).statusCode).toBe(200);
    expect((await get(t, '/session', cookie)).json().user.name).toBe('Renamed Person');
  });
});

describe('a lookup that started before a revocation does not store its older answer', () => {
  it('an answer read before the account’s sessions were dropped is not kept', async () => {
    const { cookie } = await signedInAndCached();
    const auth = await t.app.mohar.authService.resolveSession(cookie.split('=')[1]);
    expect(auth).not.toBeNull();
    const before = sessionCache.epoch();
    sessionCache.dropUser(auth!.user.id);
    sessionCache.set({
      tokenHash: 'read-before-the-drop',
      auth: auth!,
      sessionExpiresAt: Date.now() + 60_000,
      epoch: before,
    });
    expect(sessionCache.get('read-before-the-drop')).toBeNull();
  });
});
