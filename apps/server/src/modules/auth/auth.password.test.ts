import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../db/schema.ts';
import {
  get,
  latestMailTo,
  logIn,
  mailsTo,
  post,
  tokenFromMail,
  uniqueEmail,
  verifiedAccount,
} from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'monsoon kettle orbit 77';
const put = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });

async function requestReset(email: string) {
  expect((await post(t, '/password/forgot', { email })).statusCode).toBe(200);
  return tokenFromMail((await latestMailTo(t, email))?.text ?? '', '/password/reset/');
}

describe('forgotten password', () => {
  it('answers the same for any address and e-mails a reset link valid for one hour only to an account', async () => {
    const account = await verifiedAccount(t);
    const stranger = uniqueEmail('stranger');
    const known = await post(t, '/password/forgot', { email: account.email });
    const unknown = await post(t, '/password/forgot', { email: stranger });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo(t, stranger)).toHaveLength(0);

    const mail = await latestMailTo(t, account.email);
    expect(mail?.subject).toBe('Reset your Mohar password');
    expect(mail?.text).toMatch(/\/password\/reset\/[A-Za-z0-9_-]{43}/);
    const [user] = await t.db.select().from(users).where(eq(users.email, account.email));
    const resets = await t.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, user?.id ?? ''));
    const reset = resets.find((r) => r.purpose === 'reset_password');
    const minutesLeft = ((reset?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it('sets the new password once per link, ends every session, and the old password stops working', async () => {
    const account = await verifiedAccount(t);
    const laptop = await logIn(t, account);
    const phone = await logIn(t, account);
    const token = await requestReset(account.email);

    const res = await put(`/password/reset/${token}`, {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password updated successfully' });
    expect((await get(t, '/session', laptop)).statusCode).toBe(401);
    expect((await get(t, '/session', phone)).statusCode).toBe(401);
    expect((await post(t, '/login', account)).statusCode).toBe(401);
    expect((await post(t, '/login', { email: account.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await latestMailTo(t, account.email))?.subject).toBe('Your Mohar password was changed');

    const reused = await put(`/password/reset/${token}`, {
      password: 'another fine phrase 12',
      confirmPassword: 'another fine phrase 12',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('auth.token_invalid');
  });

  it('refuses mismatched or weak passwords with a clear 400 without using up the link', async () => {
    const account = await verifiedAccount(t);
    const token = await requestReset(account.email);
    const mismatch = await put(`/password/reset/${token}`, {
      password: NEW_PASSWORD,
      confirmPassword: 'something else 123',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([
      { path: 'body.confirmPassword', message: 'Passwords do not match' },
    ]);
    const weak = await put(`/password/reset/${token}`, {
      password: 'qwerty123',
      confirmPassword: 'qwerty123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('auth.password_weak');
    const short = await put(`/password/reset/${token}`, { password: 'abc', confirmPassword: 'abc' });
    expect(short.json().details[0]).toEqual({ path: 'body.password', message: 'Use at least 8 characters' });
    expect(
      (await put(`/password/reset/${token}`, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired or unknown link', async () => {
    const account = await verifiedAccount(t);
    const token = await requestReset(account.email);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.purpose, 'reset_password'));
    const expired = await put(`/password/reset/${token}`, {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/invalid or has expired/);
    const unknown = await put(`/password/reset/${'x'.repeat(43)}`, {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('changing the password while signed in', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const account = await verifiedAccount(t);
    const here = await logIn(t, account);
    const elsewhere = await logIn(t, account);
    const wrong = await put(
      '/profile/password',
      { currentPassword: 'not it at all', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      here,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('auth.password_wrong');
    const res = await put(
      '/profile/password',
      { currentPassword: account.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      here,
    );
    expect(res.statusCode).toBe(200);
    expect((await get(t, '/session', here)).statusCode).toBe(200);
    expect((await get(t, '/session', elsewhere)).statusCode).toBe(401);
    expect(
      (
        await put(
          '/profile/password',
          { currentPassword: NEW_PASSWORD, password: 'x', confirmPassword: 'x' },
          here,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('is refused without a session', async () => {
    const res = await put('/profile/password', {
      currentPassword: 'whatever',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('malformed links', () => {
  it('answer as an invalid link, not as a validation error', async () => {
    const verify = await post(t, '/verify-email/abc', {});
    expect(verify.statusCode).toBe(400);
    expect(verify.json().code).toBe('auth.token_invalid');
    const reset = await put('/password/reset/abc', { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(reset.json().code).toBe('auth.token_invalid');
  });
});

describe('forgot-password rate limit', () => {
  // Last in this file: the limit (5 per 15 minutes per address) counts every request above too.
  it('answers a clear 429 once an address has asked too often', async () => {
    let res = await post(t, '/password/forgot', { email: uniqueEmail('flood') });
    for (let i = 0; i < 6 && res.statusCode === 200; i++)
      res = await post(t, '/password/forgot', { email: uniqueEmail('flood') });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'request.rate_limited',
      message: expect.stringMatching(/Too many requests/),
    });
  });
});
